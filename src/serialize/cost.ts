import type { CurrencyPosition } from '../core/constants.js'
import type { EventDoc, SerializeContext } from '../core/model.js'
import type { CostDetails } from './wire.js'

import { toSlug } from '../core/slugify.js'
import { escapeHtml } from '../richText/toHtml.js'

type CostFields = Pick<EventDoc, 'cost' | 'currencyCode' | 'currencyPosition' | 'currencySymbol'>
type CostDefaults = Pick<SerializeContext, 'defaultCurrencyPosition' | 'defaultCurrencySymbol'>

/** A number as written in a cost, with `,` or `.` separators: `10`, `5.50`, `1,000`. */
const NUMBER = /\d+(?:[.,]\d+)*/g

type ParsedCost = {
  text: string
  /** The numbers as written, in order of appearance. */
  numbers: string[]
  /**
   * The symbol or code written around every number alike (`$10`, `5 USD`, `10€ - 20€`), as the original infers it on
   * save.
   */
  symbol: string
  position: '' | CurrencyPosition
}

/** What separates one amount of a cost from the next: `10€ - 20€`, `10€, 20€`, `$10 / $20`. */
const SEPARATOR = /[-–—,;/]/

type Currency = Pick<ParsedCost, 'position' | 'symbol'>
const NO_CURRENCY: Currency = { symbol: '', position: '' }

/**
 * The text between two numbers, split at its first separator (else its first space): the end of one, the start of the
 * next.
 */
function splitGap(gap: string): [string, string] {
  const at = gap.search(SEPARATOR)
  if (at >= 0) return [gap.slice(0, at), gap.slice(at + 1)]
  const space = gap.search(/\s/)
  return space >= 0 ? [gap.slice(0, space), gap.slice(space)] : [gap, gap]
}

/** The currency written around one number; with text on both sides, the side that touches it (`Adults 10€`). */
function currencyAround(before: string, after: string): Currency | null {
  const [prefix, postfix] = [before.trim(), after.trim()]
  if (prefix && postfix) {
    const [touchesBefore, touchesAfter] = [!/\s$/.test(before), !/^\s/.test(after)]
    if (touchesBefore === touchesAfter) return null
    return touchesBefore
      ? { symbol: prefix, position: 'prefix' }
      : { symbol: postfix, position: 'postfix' }
  }
  return prefix
    ? { symbol: prefix, position: 'prefix' }
    : postfix
      ? { symbol: postfix, position: 'postfix' }
      : NO_CURRENCY
}

/**
 * The currency of a cost: the symbol every number carries alike, on the same side, else none (the original's
 * `parse_currency_symbol` and `parse_currency_position`). Text before the first or after the last amount counts
 * up to a separator (`Free - 10€`).
 */
function currencyOf(text: string, numbers: string[]): Currency {
  const gaps = text.split(NUMBER)
  const currencies = numbers.map((_, index) =>
    currencyAround(
      index === 0 ? (gaps[0]!.split(SEPARATOR).pop() as string) : splitGap(gaps[index]!)[1],
      index === numbers.length - 1
        ? (gaps[index + 1]!.split(SEPARATOR)[0] as string)
        : splitGap(gaps[index + 1]!)[0],
    ),
  )
  const [first] = currencies
  const alike =
    first &&
    currencies.every((other) => other?.symbol === first.symbol && other.position === first.position)
  return alike ? first : NO_CURRENCY
}

/** `null` when there is no cost: empty, or `"0"`, which the original never stores. */
function parseCost(cost: string | null | undefined): ParsedCost | null {
  const text = (cost ?? '').trim()
  if (text === '' || text === '0') return null
  const numbers = text.match(NUMBER) ?? []
  return { text, numbers, ...currencyOf(text, numbers) }
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

/**
 * `cost` and `cost_details` of an event (docs/api.md#write-routes); an explicit currency on the event wins over
 * parsing.
 */
export function formatCost(
  event: CostFields,
  ctx: CostDefaults,
): { cost: string; cost_details: CostDetails } {
  const parsed = parseCost(event.cost)
  const symbol = event.currencySymbol || parsed?.symbol || ''
  const position =
    event.currencyPosition ||
    (event.currencySymbol ? ctx.defaultCurrencyPosition : parsed?.position) ||
    ''
  const details = (values: string[]): CostDetails => ({
    currency_symbol: escapeHtml(symbol),
    currency_code: escapeHtml(event.currencyCode || ''),
    currency_position: position,
    values,
  })
  if (!parsed) return { cost: '', cost_details: details([]) }
  if (!parsed.numbers.length)
    return { cost: escapeHtml(parsed.text), cost_details: details([toSlug(parsed.text)]) }

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
