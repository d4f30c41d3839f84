import type { EventDoc, SerializeContext } from './types.js'
import type { CostDetails } from './wire.js'

import { toSlug } from '../slug.js'
import { escapeHtml } from './html.js'

type CostFields = Pick<EventDoc, 'cost' | 'currencyCode' | 'currencyPosition' | 'currencySymbol'>
type CostDefaults = Pick<SerializeContext, 'defaultCurrencyPosition' | 'defaultCurrencySymbol'>
type Position = 'postfix' | 'prefix'

/** A number as written in a cost, with `,` or `.` separators: `10`, `5.50`, `1,000`. */
const NUMBER = /\d+(?:[.,]\d+)*/g

type ParsedCost = {
  text: string
  /** The numbers as written, in order of appearance. */
  numbers: string[]
  /** A symbol or code written around a single number (`$10`, `5 USD`), as the original infers it on save. */
  symbol: string
  position: '' | Position
}

/** `null` when there is no cost: empty, or `"0"`, which the original never stores. */
function parseCost(cost: string | null | undefined): ParsedCost | null {
  const text = (cost ?? '').trim()
  if (text === '' || text === '0') return null
  const numbers = text.match(NUMBER) ?? []
  if (numbers.length !== 1) return { text, numbers, symbol: '', position: '' }
  const number = numbers[0] as string
  const symbol = text.replace(number, '').trim()
  if (!symbol) return { text, numbers, symbol: '', position: '' }
  return { text, numbers, symbol, position: text.startsWith(symbol) ? 'prefix' : 'postfix' }
}

/** The en_US reading of a written number: `,` is a thousands separator. */
const numericValue = (written: string) => written.replace(/,/g, '')

/** Distinct numbers, ascending, as written (with thousands separators) and as values. */
function range(numbers: string[]): { written: string[]; values: string[] } {
  const byValue = new Map<string, string>()
  for (const written of numbers) {
    const value = numericValue(written)
    if (!byValue.has(value)) byValue.set(value, written)
  }
  const values = [...byValue.keys()].sort((a, b) => Number(a) - Number(b))
  return { values, written: values.map((value) => byValue.get(value) as string) }
}

/** `cost` and `cost_details` of an event (ORIGINAL §4.2); an explicit currency on the event wins over parsing. */
export function formatCost(event: CostFields, ctx: CostDefaults): { cost: string; cost_details: CostDetails } {
  const parsed = parseCost(event.cost)
  const symbol = event.currencySymbol || parsed?.symbol || ''
  const position =
    event.currencyPosition || (event.currencySymbol ? ctx.defaultCurrencyPosition : parsed?.position) || ''
  const details = (values: string[]): CostDetails => ({
    currency_symbol: escapeHtml(symbol),
    currency_code: escapeHtml(event.currencyCode || ''),
    currency_position: position,
    values,
  })
  if (!parsed) return { cost: '', cost_details: details([]) }
  if (!parsed.numbers.length) return { cost: escapeHtml(parsed.text), cost_details: details([toSlug(parsed.text)]) }

  const { values, written } = range(parsed.numbers)
  const shownSymbol = symbol || ctx.defaultCurrencySymbol
  const shownPosition = position || ctx.defaultCurrencyPosition
  const [min, max] = [0, values.length - 1].map((index) => {
    if (Number(values[index]) === 0) return 'Free'
    const number = written[index] as string
    return shownPosition === 'prefix' ? `${shownSymbol}${number}` : `${number}${shownSymbol}`
  }) as [string, string]
  return { cost: escapeHtml(min === max ? min : `${min} – ${max}`), cost_details: details(values) }
}

/**
 * The json_ld offer price: the cost without currency (`"10"`, `"15 – 25"`), `"0"` for free; `null` when the
 * cost has no number (no offer).
 */
export function offerPrice(event: CostFields): string | null {
  const parsed = parseCost(event.cost)
  if (!parsed) return null
  if (/^free$/i.test(parsed.text)) return '0'
  if (!parsed.numbers.length) return null
  const { values } = range(parsed.numbers)
  const [min, max] = [values[0] as string, values[values.length - 1] as string]
  return min === max ? min : `${min} – ${max}`
}
