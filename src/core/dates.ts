import { isValidTimezone, offsetAt, toDateFnsZone } from './timezones.js'
import { zonedInstant } from './wallTime.js'

export type ParsedDate = {
  /** The instant the input denotes. */
  instant: Date
  /** True when the input carried its own offset or `Z` (or was a unix timestamp). */
  explicitOffset: boolean
  /**
   * The wall-clock time of the zone the input names (`YYYY-MM-DDTHH:mm:ss.sss`), when it names one: no offset, no
   * steps of clock time (`+2 hours`).
   */
  wall?: string
}

type Calendar = { y: number; m: number; d: number }
type Clock = { h: number; mi: number; s: number; ms: number }

/**
 * What the tokens of one input said, in the shape of PHP's timelib: an absolute date and time (filled from "now"
 * when absent), a weekday to move to, and relative amounts applied last.
 */
type State = {
  today: Calendar
  date?: Calendar
  time?: Clock
  weekday?: { day: number; step: -1 | 0 | 1 }
  rel: { y: number; m: number; d: number; h: number; mi: number; s: number }
  offsetMinutes?: number
}

const MAX_LENGTH = 100
const HOUR = 3_600_000
const MIDNIGHT: Clock = { h: 0, mi: 0, s: 0, ms: 0 }

const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?' +
  '|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?(?![a-z])'
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const WEEKDAY =
  '(sun(?:day)?|mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?)'
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']
const UNIT = '(sec(?:ond)?|min(?:ute)?|hour|day|week|fortnight|month|year)s?(?![a-z])'
const YEAR_AFTER_DAY = '(?:,?\\s*(\\d{4})(?![\\d:]))?'
const ORDINAL = '(?:st|nd|rd|th)?'
const MERIDIEM = '\\s*([ap])\\.?m\\.?(?![a-z])'

const UNIT_STEPS: Record<string, [keyof State['rel'], number]> = {
  sec: ['s', 1],
  second: ['s', 1],
  min: ['mi', 1],
  minute: ['mi', 1],
  hour: ['h', 1],
  day: ['d', 1],
  week: ['d', 7],
  fortnight: ['d', 14],
  month: ['m', 1],
  year: ['y', 1],
}
const STEP_WORDS: Record<string, -1 | 0 | 1> = { next: 1, last: -1, previous: -1, this: 0 }

/** Rejects impossible dates (`2026-02-30`) that PHP would silently roll over, and a second date in one input. */
function setDate(state: State, y: number | undefined, m: number, d: number): boolean {
  const year = y ?? state.today.y
  if (state.date || year < 1000 || m < 1 || m > 12 || d < 1) return false
  if (d > new Date(Date.UTC(year, m, 0)).getUTCDate()) return false
  state.date = { y: year, m, d }
  return true
}

function setTime(
  state: State,
  h: number,
  mi = 0,
  s = 0,
  fraction?: string,
  meridiem?: string,
): boolean {
  if (meridiem) {
    if (h < 1 || h > 12) return false
    h = (h % 12) + (meridiem === 'p' ? 12 : 0)
  }
  if (h > 23 || mi > 59 || s > 59) return false
  state.time = { h, mi, s, ms: fraction ? Math.round(Number(`0.${fraction}`) * 1000) : 0 }
  return true
}

function setOffset(state: State, sign: string, h: number, mi = 0): boolean {
  if (state.offsetMinutes !== undefined || h > 14 || mi > 59) return false
  state.offsetMinutes = (sign === '-' ? -1 : 1) * (h * 60 + mi)
  return true
}

function resetTime(state: State, word: string): boolean {
  if (word === 'now') return true
  state.time = word === 'noon' ? { ...MIDNIGHT, h: 12 } : MIDNIGHT
  if (word === 'tomorrow') state.rel.d += 1
  if (word === 'yesterday') state.rel.d -= 1
  return true
}

const num = (value: string | undefined) => (value === undefined ? undefined : Number(value))
const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3)) + 1

type Handler = (m: RegExpExecArray, state: State) => boolean
const rule = (source: string, handler: Handler): [RegExp, Handler] => [
  new RegExp(source, 'y'),
  handler,
]

/** Tried in order at each position; a handler returning false rejects the whole input. */
const RULES = [
  rule(`(\\d{4})([-/])(\\d{1,2})\\2(\\d{1,2})(?:t(?=\\d))?`, (m, s) =>
    setDate(s, +m[1], +m[3], +m[4]),
  ),
  // Slashes are month first and dashes or dots day first, as in PHP.
  rule(`(\\d{1,2})/(\\d{1,2})/(\\d{4})`, (m, s) => setDate(s, +m[3], +m[1], +m[2])),
  rule(`(\\d{1,2})([-.])(\\d{1,2})\\2(\\d{4})`, (m, s) => setDate(s, +m[4], +m[3], +m[1])),
  rule(`${MONTH}\\s*(\\d{1,2})${ORDINAL}${YEAR_AFTER_DAY}`, (m, s) =>
    setDate(s, num(m[3]), monthOf(m[1]), +m[2]),
  ),
  rule(`(\\d{1,2})${ORDINAL}\\s*${MONTH}${YEAR_AFTER_DAY}`, (m, s) =>
    setDate(s, num(m[3]), monthOf(m[2]), +m[1]),
  ),
  rule(`(?:([+-]?)\\s*(\\d+)|(next|last|previous|this))\\s*${UNIT}`, (m, s) => {
    const amount = m[3] ? STEP_WORDS[m[3]] : (m[1] === '-' ? -1 : 1) * Number(m[2])
    const [field, factor] = UNIT_STEPS[m[4]]
    s.rel[field] += amount * factor
    return true
  }),
  rule(`(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:[.,](\\d+))?)?(?:${MERIDIEM})?`, (m, s) =>
    setTime(s, +m[1], +m[2], num(m[3]), m[4], m[5]),
  ),
  rule(`(\\d{1,2})${MERIDIEM}`, (m, s) => setTime(s, +m[1], 0, 0, undefined, m[2])),
  rule(`(?:z|utc|gmt)(?![a-z])`, (_, s) => setOffset(s, '+', 0)),
  rule(`([+-])(\\d{2})(?::?(\\d{2}))?(?!\\d)`, (m, s) => setOffset(s, m[1], +m[2], num(m[3]))),
  // As in timelib these reset the time where they appear: `tomorrow 10:00` is 10:00, `10:00 tomorrow` 00:00.
  rule(`(now|today|midnight|noon|tomorrow|yesterday)(?![a-z])`, (m, s) => resetTime(s, m[1])),
  rule(`(?:(next|last|previous|this)\\s+)?${WEEKDAY}(?![a-z])`, (m, s) => {
    s.weekday = { day: WEEKDAYS.indexOf(m[2].slice(0, 3)), step: m[1] ? STEP_WORDS[m[1]] : 0 }
    s.time = MIDNIGHT
    return true
  }),
  rule(`ago(?![a-z])`, (_, s) => {
    for (const field of Object.keys(s.rel) as (keyof State['rel'])[]) s.rel[field] = -s.rel[field]
    return true
  }),
]

function matchAt(text: string, position: number) {
  for (const [regex, handler] of RULES) {
    regex.lastIndex = position
    const found = regex.exec(text)
    if (found) return { found, handler, end: regex.lastIndex }
  }
  return null
}

/** Days from `date` to the weekday: `wed` is that day or later, `next wed` after it, `last wed` before it. */
function weekdayShift(date: Calendar, { day, step }: NonNullable<State['weekday']>): number {
  const ahead = (day - new Date(Date.UTC(date.y, date.m - 1, date.d)).getUTCDay() + 7) % 7
  if (step === 1) return ahead || 7
  if (step === -1) return ahead - 7
  return ahead
}

const validYear = (instant: number) => {
  const year = new Date(instant).getUTCFullYear()
  return year >= 1000 && year <= 9999
}

function parseText(text: string, zone: string, now: Date): ParsedDate | null {
  const nowWall = new Date(now.getTime() + offsetAt(zone, now.getTime()))
  const state: State = {
    today: { y: nowWall.getUTCFullYear(), m: nowWall.getUTCMonth() + 1, d: nowWall.getUTCDate() },
    rel: { y: 0, m: 0, d: 0, h: 0, mi: 0, s: 0 },
  }
  for (let position = 0; position < text.length;) {
    const match = matchAt(text, position)
    if (!match || !match.handler(match.found, state)) return null
    position = match.end + /^[\s,]*/.exec(text.slice(match.end))![0].length
  }

  const date = state.date ?? state.today
  const time =
    state.time ??
    (state.date
      ? MIDNIGHT
      : {
          h: nowWall.getUTCHours(),
          mi: nowWall.getUTCMinutes(),
          s: nowWall.getUTCSeconds(),
          ms: nowWall.getUTCMilliseconds(),
        })
  const { rel } = state
  // Date.UTC reads years 0–99 as 19xx, so an out-of-range year must be caught before it gets there.
  if (date.y + rel.y < 1000 || date.y + rel.y > 9999) return null
  const day = date.d + rel.d + (state.weekday ? weekdayShift(date, state.weekday) : 0)
  // As in PHP, calendar steps keep the wall-clock time and roll over (Jan 31 + 1 month = Mar 3); clock steps are
  // elapsed time.
  const wall = Date.UTC(date.y + rel.y, date.m - 1 + rel.m, day, time.h, time.mi, time.s, time.ms)
  if (!validYear(wall)) return null
  const written = new Date(wall).toISOString().slice(0, 23)
  const offset = state.offsetMinutes
  const local =
    offset === undefined ? zonedInstant(written, zone).getTime() : wall - offset * 60_000
  const clockSteps = rel.h * HOUR + rel.mi * 60_000 + rel.s * 1000
  const instant = local + clockSteps
  if (!Number.isFinite(instant) || !validYear(instant)) return null
  return {
    instant: new Date(instant),
    explicitOffset: offset !== undefined,
    ...(offset === undefined && !clockSteps && { wall: written }),
  }
}

/**
 * Parses `input` (string or number). Values without an offset are wall-clock time in `zone` (IANA or `UTC±N`);
 * relative phrases are evaluated against `now` in `zone`. Returns null for anything unparseable, empty, or absurd
 * (year outside 1000–9999).
 */
export function parseDateInput(
  input: unknown,
  options: { zone: string; now?: Date },
): ParsedDate | null {
  if (!isValidTimezone(options.zone)) throw new RangeError(`Unknown time zone: ${options.zone}`)
  const fromUnix = (seconds: number) => {
    const instant = seconds * 1000
    return Number.isFinite(instant) && validYear(instant)
      ? { instant: new Date(instant), explicitOffset: true }
      : null
  }
  if (typeof input === 'number') return fromUnix(input)
  if (typeof input !== 'string' || input.length > MAX_LENGTH) return null
  const text = input.trim().toLowerCase()
  if (!text || /[\u0000-\u001f\u007f]/.test(text)) return null
  // The original hands numeric strings to PHP as timestamps (`@N` is strtotime's own spelling).
  const unix = /^@?(-?\d+)$/.exec(text)
  if (unix) return fromUnix(Number(unix[1]))
  return parseText(text, toDateFnsZone(options.zone), options.now ?? new Date())
}
