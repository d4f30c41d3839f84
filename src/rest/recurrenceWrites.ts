import type { Recurrence } from '../core/model.js'
import type { ResolvedCalendarOptions } from '../core/options.js'
import type { Param } from './params.js'

import { type DroppedOccurrence, expandEvent, type EventTiming } from '../hooks/occurrences.js'
import { isRepeatDate } from '../recurrence/expand.js'
import { parseRule, RuleError, formatRule } from '../recurrence/rule.js'
import { isSeries } from '../recurrence/series.js'
import { invalidParam } from './errors.js'
import { ParamError } from './params.js'

/** The header of a write whose series the cap on occurrences cut short: the cap. */
export const OCCURRENCES_CAPPED = 'X-Calendar-Occurrences-Capped'

/** The header of a write that deleted occurrences an editor had moved, changed or cancelled. */
export const OCCURRENCES_DROPPED = 'X-Calendar-Occurrences-Dropped'

/**
 * `2027-01-07=moved+changed, 2027-01-14=cancelled`: each dropped occurrence's date (as `recurrence.occurrence`
 * names it) and what an editor had done to it (docs/api.md#what-a-change-of-the-rule-drops).
 */
export const droppedHeader = (dropped: DroppedOccurrence[]): string =>
  dropped
    .map(
      ({ key, ...done }) =>
        `${key}=${(['moved', 'changed', 'cancelled'] as const).filter((state) => done[state]).join('+')}`,
    )
    .join(', ')

const FIELDS = new Set(['rule', 'rdates', 'exdates'])

/** The structured form of a rule: each name and the RFC 5545 part it gives (docs/api.md#recurring-events). */
const PARTS: Record<string, string> = {
  frequency: 'FREQ',
  interval: 'INTERVAL',
  days: 'BYDAY',
  month_days: 'BYMONTHDAY',
  months: 'BYMONTH',
  positions: 'BYSETPOS',
  week_start: 'WKST',
  count: 'COUNT',
  until: 'UNTIL',
}

/**
 * A rule given part by part (`{ "frequency": "weekly", "days": ["TU", "TH"], "until": "2027-06-30" }`) as rule
 * text, for the same checks and canonical form as text: lists as arrays or comma-separated, names in any case,
 * `until` also with dashes and colons.
 */
function structuredRule(value: Record<string, unknown>): string {
  return Object.entries(PARTS)
    .filter(([name]) => value[name] !== undefined && value[name] !== null)
    .map(([name, part]) => {
      const given = value[name]
      const items = Array.isArray(given) ? given : [given]
      if (items.some((item) => typeof item !== 'string' && typeof item !== 'number'))
        throw new ParamError(`${name} is text, a number or a list of them.`)
      const text = items.join(',').toUpperCase()
      return `${part}=${part === 'UNTIL' ? text.replace(/[-:]/g, '') : text}`
    })
    .join(';')
}

/** The rule text, checked, in its canonical form; empty is no rule. */
function ruleOf(raw: unknown): string | null {
  if (raw === null || raw === undefined || raw === '') return null
  if (typeof raw !== 'string')
    throw new ParamError('The rule is RFC 5545 text, as FREQ=WEEKLY;BYDAY=TU,TH.')
  try {
    return formatRule(parseRule(raw))
  } catch (error) {
    if (error instanceof RuleError) throw new ParamError(`Invalid rule: ${error.message}.`)
    throw error
  }
}

function datesOf(raw: unknown, name: 'rdates' | 'exdates'): string[] {
  if (raw === null || raw === undefined) return []
  const dates = typeof raw === 'string' ? raw.split(',').map((date) => date.trim()) : raw
  if (!Array.isArray(dates)) throw new ParamError(`${name} is a list of dates.`)
  const wrong = dates.find((date) => typeof date !== 'string' || !isRepeatDate(date))
  if (wrong !== undefined)
    throw new ParamError(
      `${name}: "${String(wrong)}" is not YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS] or an instant ending in Z.`,
    )
  return [...new Set(dates as string[])]
}

/**
 * How an event repeats, as a write gives it (docs/api.md#recurring-events): RFC 5545 rule text, or
 * `{ rule, rdates, exdates }`; `null` or `""` makes it happen once.
 */
export const recurrenceParam: Param<Recurrence | null> = {
  type: ['string', 'object', 'null'],
  description:
    'Ours: how the event repeats, in its own time zone. RFC 5545 rule text (`FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630`), or `{ "rule": "FREQ=MONTHLY;BYDAY=-1FR", "rdates": ["2027-12-24T19:00"], "exdates": ["2027-03-26"] }`, or the rule part by part instead of `rule`: `{ "frequency": "weekly", "interval": 1, "days": ["TU", "TH"], "month_days": [], "months": [], "positions": [], "week_start": "MO", "count": 10, "until": "2027-06-30" }`; `null` or an empty string: it happens once',
  parse: (raw) => {
    if (raw === null || raw === '') return null
    if (typeof raw === 'string') return { rule: ruleOf(raw), rdates: [], exdates: [] }
    if (typeof raw !== 'object' || Array.isArray(raw))
      throw new ParamError('It is rule text or { rule, rdates, exdates }.')
    const unknown = Object.keys(raw).find((key) => !FIELDS.has(key) && !(key in PARTS))
    if (unknown !== undefined)
      throw new ParamError(
        `"${unknown}" is not one of rule, rdates, exdates, ${Object.keys(PARTS).join(', ')}.`,
      )
    const value = raw as Record<string, unknown>
    const structured = Object.keys(PARTS).some((name) => name in value)
    if (structured && value.rule !== undefined && value.rule !== null)
      throw new ParamError('Give the rule as text or part by part, not both.')
    return {
      rule: ruleOf(structured ? structuredRule(value) : value.rule),
      rdates: datesOf(value.rdates, 'rdates'),
      exdates: datesOf(value.exdates, 'exdates'),
    }
  },
}

/**
 * Checks the timing an event write leaves: a series must take place at least once. Answers whether the cap on
 * occurrences cut it short, for the response to say so.
 */
export function checkSeries(
  options: ResolvedCalendarOptions,
  event: EventTiming,
): { capped: boolean } {
  if (!isSeries(event.recurrence)) return { capped: false }
  let expansion: ReturnType<typeof expandEvent>
  try {
    expansion = expandEvent(options, event)
  } catch (error) {
    if (error instanceof RuleError)
      throw invalidParam('recurrence', `Invalid rule: ${error.message}.`)
    throw error
  }
  const { occurrences, capped } = expansion
  if (!occurrences.length)
    throw invalidParam('recurrence', 'The rule and dates give the event no occurrence.')
  return { capped }
}
