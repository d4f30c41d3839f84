/**
 * Recurrence rules in RFC 5545's text form (`FREQ=WEEKLY;BYDAY=TU,TH;COUNT=10`), limited to what a calendar of
 * events repeats by: a frequency of a day or more, its interval, the BY parts that pick days, and an end. The time
 * of day always comes from the event's start, so BYHOUR, BYMINUTE and BYSECOND are refused, as are the rarely
 * used BYYEARDAY and BYWEEKNO, whose meaning clients disagree on.
 */

export const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const
export type Frequency = (typeof FREQUENCIES)[number]

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** A weekday of BYDAY, with its ordinal when it has one (`2TU` the second Tuesday, `-1FR` the last Friday). */
export type RuleDay = { weekday: Weekday; ordinal?: number }

export type RecurrenceRule = {
  freq: Frequency
  interval: number
  byDay: RuleDay[]
  byMonthDay: number[]
  byMonth: number[]
  bySetPos: number[]
  wkst?: Weekday
  count?: number
  /**
   * The last day or instant an occurrence may start: `YYYY-MM-DD` (through the end of that day in the event's
   * zone), `YYYY-MM-DDTHH:mm:ss` (a wall-clock time in the event's zone) or `…Z` (an instant).
   */
  until?: string
}

/** A rule that cannot be read, with the reason in words a client can act on. */
export class RuleError extends Error {}

const PARTS = [
  'FREQ',
  'INTERVAL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
  'COUNT',
  'UNTIL',
] as const
type Part = (typeof PARTS)[number]

const REFUSED: Record<string, string> = {
  BYHOUR: "the time of day comes from the event's start",
  BYMINUTE: "the time of day comes from the event's start",
  BYSECOND: "the time of day comes from the event's start",
  BYYEARDAY: 'use BYMONTH with BYMONTHDAY',
  BYWEEKNO: 'use BYMONTH with BYDAY',
}

const MAX_INTERVAL = 1000
const MAX_COUNT = 100_000

/** Numbers from `low` to `high`, or, with `low` 0, from 1 to `high` and -`high` to -1 (counted from the end). */
function integers(part: Part, value: string, low: number, high: number): number[] {
  return value.split(',').map((item) => {
    const number = /^[+-]?\d{1,6}$/.test(item) ? Number(item) : NaN
    const inRange = number !== 0 && number >= -high && number <= high
    if (!Number.isInteger(number) || !inRange || (low > 0 && number < low))
      throw new RuleError(
        low > 0
          ? `${part} takes numbers from ${low} to ${high}, not ${item}`
          : `${part} takes numbers from 1 to ${high} or -${high} to -1, not ${item}`,
      )
    return number
  })
}

function weekday(part: Part, value: string): Weekday {
  if (!(WEEKDAYS as readonly string[]).includes(value))
    throw new RuleError(`${part} takes weekdays (${WEEKDAYS.join(', ')}), not ${value}`)
  return value as Weekday
}

function ruleDays(value: string): RuleDay[] {
  return value.split(',').map((item) => {
    const match = /^([+-]?\d{1,2})?([A-Z]{2})$/.exec(item)
    if (!match) throw new RuleError(`BYDAY takes weekdays such as TU, 2TU or -1FR, not ${item}`)
    const day = weekday('BYDAY', match[2])
    if (match[1] === undefined) return { weekday: day }
    const ordinal = Number(match[1])
    if (ordinal === 0 || Math.abs(ordinal) > 53)
      throw new RuleError(`BYDAY's ordinal is 1 to 53 or -53 to -1, not ${match[1]}`)
    return { weekday: day, ordinal }
  })
}

function untilValue(value: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value)
  if (!match)
    throw new RuleError(
      `UNTIL is a date (20270630) or a date and time (20270630T235959Z), not ${value}`,
    )
  const [, y, m, d, hh, mm, ss, z] = match
  const date = `${y}-${m}-${d}`
  const valid = new Date(`${date}T00:00:00Z`).toISOString().startsWith(date)
  if (!valid || (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59)))
    throw new RuleError(`UNTIL is not a real date and time: ${value}`)
  return hh === undefined ? date : `${date}T${hh}:${mm}:${ss}${z ?? ''}`
}

/** Reads rule text (with or without `RRULE:`); a `RuleError` says what is wrong with it. */
export function parseRule(text: string): RecurrenceRule {
  const body = text.trim().replace(/^RRULE:/i, '')
  if (!body) throw new RuleError('the rule is empty')
  const given = new Map<Part, string>()
  for (const pair of body.split(';')) {
    const [name, value, extra] = pair.split('=').map((piece) => piece.trim().toUpperCase())
    if (!name || value === undefined || !value || extra !== undefined)
      throw new RuleError(`each part is NAME=VALUE, not "${pair}"`)
    if (REFUSED[name]) throw new RuleError(`${name} is not supported: ${REFUSED[name]}`)
    if (!(PARTS as readonly string[]).includes(name))
      throw new RuleError(`${name} is not a part of a rule (${PARTS.join(', ')})`)
    if (given.has(name as Part)) throw new RuleError(`${name} is given twice`)
    given.set(name as Part, value)
  }
  for (const single of ['INTERVAL', 'COUNT', 'WKST', 'UNTIL'] as const)
    if (given.get(single)?.includes(',')) throw new RuleError(`${single} takes one value`)
  const freq = given.get('FREQ')
  if (!freq) throw new RuleError('FREQ is required')
  if (!(FREQUENCIES as readonly string[]).includes(freq))
    throw new RuleError(`FREQ is one of ${FREQUENCIES.join(', ')}, not ${freq}`)
  const rule: RecurrenceRule = {
    freq: freq as Frequency,
    interval: given.has('INTERVAL')
      ? integers('INTERVAL', given.get('INTERVAL')!, 1, MAX_INTERVAL)[0]
      : 1,
    byDay: given.has('BYDAY') ? ruleDays(given.get('BYDAY')!) : [],
    byMonthDay: given.has('BYMONTHDAY')
      ? integers('BYMONTHDAY', given.get('BYMONTHDAY')!, 0, 31)
      : [],
    byMonth: given.has('BYMONTH') ? integers('BYMONTH', given.get('BYMONTH')!, 1, 12) : [],
    bySetPos: given.has('BYSETPOS') ? integers('BYSETPOS', given.get('BYSETPOS')!, 0, 366) : [],
  }
  if (given.has('WKST')) rule.wkst = weekday('WKST', given.get('WKST')!)
  if (given.has('COUNT')) {
    rule.count = integers('COUNT', given.get('COUNT')!, 1, MAX_COUNT)[0]
  }
  if (given.has('UNTIL')) rule.until = untilValue(given.get('UNTIL')!)
  checkCombination(rule)
  return rule
}

/** What RFC 5545 forbids together (§3.3.10). */
function checkCombination(rule: RecurrenceRule): void {
  if (rule.count !== undefined && rule.until !== undefined)
    throw new RuleError('COUNT and UNTIL cannot both be given')
  if (rule.byMonthDay.length && rule.freq === 'WEEKLY')
    throw new RuleError('BYMONTHDAY cannot be used with FREQ=WEEKLY')
  const ordinals = rule.byDay.filter((day) => day.ordinal !== undefined)
  if (ordinals.length && rule.freq !== 'MONTHLY' && rule.freq !== 'YEARLY')
    throw new RuleError('BYDAY with an ordinal (2TU, -1FR) needs FREQ=MONTHLY or FREQ=YEARLY')
  if (
    ordinals.some((day) => Math.abs(day.ordinal!) > 5) &&
    rule.freq === 'MONTHLY' &&
    !rule.byMonth.length
  )
    throw new RuleError("BYDAY's ordinal is 1 to 5 or -5 to -1 in a monthly rule")
  if (rule.bySetPos.length && !rule.byDay.length && !rule.byMonthDay.length && !rule.byMonth.length)
    throw new RuleError('BYSETPOS needs BYDAY, BYMONTHDAY or BYMONTH to choose from')
}

const dayText = ({ weekday, ordinal }: RuleDay) => `${ordinal ?? ''}${weekday}`

const untilText = (until: string) => until.replace(/[-:]/g, '')

/** The rule's text in a canonical order, as iCalendar writes it (without `RRULE:`). */
export function formatRule(rule: RecurrenceRule): string {
  const parts: [string, string | undefined][] = [
    ['FREQ', rule.freq],
    ['INTERVAL', rule.interval === 1 ? undefined : String(rule.interval)],
    ['BYMONTH', rule.byMonth.join(',') || undefined],
    ['BYMONTHDAY', rule.byMonthDay.join(',') || undefined],
    ['BYDAY', rule.byDay.map(dayText).join(',') || undefined],
    ['BYSETPOS', rule.bySetPos.join(',') || undefined],
    ['WKST', rule.wkst],
    ['COUNT', rule.count === undefined ? undefined : String(rule.count)],
    ['UNTIL', rule.until === undefined ? undefined : untilText(rule.until)],
  ]
  return parts
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${value}`)
    .join(';')
}
