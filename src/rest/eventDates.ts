import type { Where } from 'payload'

import { addYears } from 'date-fns'
import { formatInTimeZone } from 'date-fns-tz'

import type { Param } from './params.js'
import type { QueryPairs } from './pagination.js'

import { type ParsedDate, parseDateInput } from '../core/dates.js'
import { toDateFnsZone } from '../core/timezones.js'
import { zonedInstant } from '../core/wallTime.js'
import { invalidParam } from './errors.js'
import { ParamError } from './params.js'

type Bound = 'end' | 'start'
const FILTERS = {
  start_date: { field: 'startDate', operator: 'greater_than_equal', bound: 'start' },
  end_date: { field: 'endDate', operator: 'less_than_equal', bound: 'end' },
  starts_before: { field: 'startDate', operator: 'less_than_equal', bound: 'end' },
  starts_after: { field: 'startDate', operator: 'greater_than_equal', bound: 'end' },
  ends_before: { field: 'endDate', operator: 'less_than_equal', bound: 'end' },
  ends_after: { field: 'endDate', operator: 'greater_than_equal', bound: 'end' },
} as const
type DateFilter = keyof typeof FILTERS
export const DATE_FILTERS = Object.keys(FILTERS) as DateFilter[]
const RELATIVE: DateFilter[] = ['starts_before', 'starts_after', 'ends_before', 'ends_after']

export type DateFilterValues = Partial<Record<DateFilter, string>> & { strict_dates?: boolean }

/** A date filter: anything the original's `strtotime` accepts; read with the site zone once `strict_dates` is known. */
export const dateParam = (description: string, defaultValue?: string): Param<string> => ({
  type: 'string',
  format: 'date-time',
  description,
  ...(defaultValue ? { default: defaultValue } : {}),
  parse: (raw) => {
    if (!parseDateInput(raw, { zone: 'UTC' })) throw new ParamError()
    return String(raw)
  },
})

/**
 * A date parameter read in `zone`: its instant, and the wall-clock time it names there. Parameters are checked when
 * parsed, in UTC; near the ends of the supported years (1000–9999) another zone can still push a value out of range,
 * which is the caller's error too.
 */
export function dateOf(raw: string, name: string, zone: string, now?: Date): ParsedDate {
  const parsed = parseDateInput(raw, { zone, now })
  if (!parsed) throw invalidParam(name)
  return parsed
}

export const instantOf = (raw: string, name: string, zone: string, now?: Date): Date =>
  dateOf(raw, name, zone, now).instant

/**
 * The date conditions of an events list (docs/api.md#event-list-filters). Inclusive mode (default) keeps each value's
 * calendar date in the site zone: `start_date` from 00:00:00, every other filter to 23:59:59 of its day. Strict mode
 * reads values without offset as UTC and compares exactly. Without any date filter the window is today to 24 months
 * ahead; `starts_*`/`ends_*` without `start_date`/`end_date` drop that default window.
 */
export function eventDateWindow(values: DateFilterValues, siteZone: string, now = new Date()) {
  const zone = toDateFnsZone(siteZone)
  const strict = values.strict_dates === true
  const day = (instant: Date) => formatInTimeZone(instant, zone, 'yyyy-MM-dd')
  const atDayEdge = (date: string, bound: Bound) =>
    zonedInstant(`${date} ${bound === 'start' ? '00:00:00' : '23:59:59'}`, zone)
  const resolve = (name: DateFilter, raw: string, bound: Bound) => {
    const instant = instantOf(raw, name, strict ? 'UTC' : siteZone, now)
    return strict ? instant : atDayEdge(day(instant), bound)
  }

  const resolved: Partial<Record<DateFilter, Date>> = {}
  for (const name of DATE_FILTERS) {
    const raw = values[name]
    if (raw !== undefined) resolved[name] = resolve(name, raw, FILTERS[name].bound)
  }
  const windowOnly = !RELATIVE.some((name) => values[name] !== undefined)
  if (windowOnly) {
    resolved.start_date ??= atDayEdge(day(now), 'start')
    const twoYearsAhead = formatInTimeZone(
      addYears(new Date(`${day(now)}T12:00:00Z`), 2),
      'UTC',
      'yyyy-MM-dd',
    )
    resolved.end_date ??= atDayEdge(twoYearsAhead, 'end')
  }

  const where: Where[] = []
  const echo = (names: DateFilter[]): QueryPairs =>
    names.flatMap((name) =>
      resolved[name] ? [[name, formatInTimeZone(resolved[name], zone, 'yyyy-MM-dd HH:mm:ss')]] : [],
    )
  for (const [name, instant] of Object.entries(resolved) as [DateFilter, Date][]) {
    const { field, operator } = FILTERS[name]
    where.push({ [field]: { [operator]: instant.toISOString() } })
  }
  // No event ends before it starts, so a bound on the end bounds the start too: an index on the start then holds
  // just the window, not every later event.
  for (const name of ['end_date', 'ends_before'] as const) {
    if (resolved[name]) where.push({ startDate: { less_than_equal: resolved[name].toISOString() } })
  }
  // The window as instants when it is the only condition: from its start to its end.
  const bounds = windowOnly
    ? { from: resolved.start_date!.toISOString(), to: resolved.end_date!.toISOString() }
    : undefined
  return { where, bounds, window: echo(['start_date', 'end_date']), relative: echo(RELATIVE) }
}
