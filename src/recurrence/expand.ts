import { RRuleTemporal } from 'rrule-temporal'
import { Temporal } from 'temporal-polyfill'

import { type RecurrenceRule, RuleError } from './rule.js'

import { toDateFnsZone } from '../core/timezones.js'
import { wallClock, zonedInstant } from '../core/wallTime.js'

/** A series' timing: its first occurrence, its zone, how it repeats, and its extra and excluded dates. */
export type SeriesTiming = {
  /** The first occurrence's start and end, as stored (all-day: 00:00:00 and 23:59:59 local). */
  start: Date
  end: Date
  /**
   * The wall-clock time the start was written with (`YYYY-MM-DDTHH:mm:ss`), kept where the instant reads otherwise: a
   * series written to start at 02:30 on a night the clock skips it starts at 03:30 and repeats 02:30. Ignored once it
   * no longer names the start.
   */
  startWall?: string | null
  timezone: string
  allDay: boolean
  rule?: RecurrenceRule
  /** Extra starts: wall-clock `YYYY-MM-DDTHH:mm[:ss]` in the zone (a date alone for all-day), or instants (`…Z`). */
  rdates: string[]
  /** Starts the rule makes that are left out, written as `rdates` are. */
  exdates: string[]
}

/** A start of a series: on its wall clock, and the instant it is (which the wall clock alone may not name). */
export type Start = { wall: Temporal.PlainDateTime; instant: Date }

export type Occurrence = {
  /**
   * What names the occurrence for as long as its series lives: the local date of its start in the rule
   * (`2027-03-09`), with `-2`, `-3` … for the second and later starts of one day. Changing a series' time of day
   * keeps the keys, so the occurrences (and their exceptions) stay the same records.
   */
  key: string
  /** Where the rule puts it, before any change of one occurrence. */
  start: Date
  end: Date
}

/**
 * `from`, for a series without end expanded as of a time (`now`): the first start the expansion covers, where it
 * leaves out starts before it (kept as they were stored, so that past windows still list them).
 */
export type Expansion = { occurrences: Occurrence[]; capped: boolean; from?: Date }

/**
 * The series' first start on its wall clock, which its rule repeats: midnight for an all-day series (whose day may
 * begin later where the clock skips midnight); the time the start was written with while that names it; else how
 * the start reads.
 */
function firstWall(series: SeriesTiming, zone: string): Temporal.PlainDateTime {
  const read = wallClock(series.start, zone)
  if (series.allDay) return read.with({ hour: 0, minute: 0, second: 0, millisecond: 0 })
  const written = series.startWall && Temporal.PlainDateTime.from(series.startWall)
  return written && zonedInstant(written, zone).getTime() === series.start.getTime()
    ? written
    : read
}

/**
 * The instant of a start on the wall clock. The series' first start is its own instant, which its wall clock may not
 * name alone (the second 01:30 of a night the clock goes back); the others are read from the wall clock.
 */
const startInstant =
  (series: SeriesTiming, first: Temporal.PlainDateTime, zone: string) =>
  (wall: Temporal.PlainDateTime): Date =>
    wall.equals(first) ? series.start : zonedInstant(wall, zone)

const REPEAT_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2})?(?:\.\d{1,3})?Z?)?$/

/** Whether `value` is written as `SeriesTiming.rdates` and `exdates` are, and names a real date and time. */
export function isRepeatDate(value: string): boolean {
  if (!REPEAT_DATE.test(value)) return false
  try {
    if (value.endsWith('Z'))
      Temporal.Instant.from(value.length === 17 ? `${value.slice(0, -1)}:00Z` : value)
    else Temporal.PlainDateTime.from(value, { overflow: 'reject' })
    return true
  } catch {
    return false
  }
}

/** A written date or time (see `SeriesTiming.rdates`) as a wall-clock time of the zone. */
export function readWall(value: string, zone: string, allDay: boolean): Temporal.PlainDateTime {
  if (value.endsWith('Z')) return wallClock(new Date(value), zone)
  const wall = Temporal.PlainDateTime.from(value.length === 10 ? `${value}T00:00:00` : value)
  return allDay ? wall.with({ hour: 0, minute: 0, second: 0, millisecond: 0 }) : wall
}

/**
 * Reads the extra and excluded dates of a series (`SeriesTiming.rdates`) as the starts they name, compared as
 * instants (RFC 5545): an exclusion written as a list shows a start the clock change moved (03:30 for a 02:30 series
 * on the night 02:30 is skipped), or as the same instant in UTC, excludes it; an extra start given as an instant keeps
 * it, in the repeated hour of a night the clock goes back too; a date alone is that day at the series' time of day
 * (midnight for an all-day series).
 */
function startReader(series: SeriesTiming, zone: string, first: Temporal.PlainDateTime) {
  const instantOf = startInstant(series, first, zone)
  const read = (value: string): Start => {
    if (value.endsWith('Z') && !series.allDay) {
      const instant = new Date(value)
      return { wall: wallClock(instant, zone), instant }
    }
    const wall =
      value.length === 10 && !series.allDay
        ? Temporal.PlainDate.from(value).toPlainDateTime(first.toPlainTime())
        : readWall(value, zone, series.allDay)
    return { wall, instant: instantOf(wall) }
  }
  // A start at the series' time of day keeps that time as its wall clock, as the rule's starts do (02:30 on the night
  // it is 03:30): calendar apps match an EXDATE to the rule's starts by that time.
  return (value: string): Start => {
    const start = read(value)
    const planned = start.wall.toPlainDate().toPlainDateTime(first.toPlainTime())
    return instantOf(planned).getTime() === start.instant.getTime()
      ? { wall: planned, instant: start.instant }
      : start
  }
}

/** Reads the starts the extra and excluded dates of `series` name (see `startReader`). */
export function repeatDateReader(series: SeriesTiming): (value: string) => Start {
  const zone = toDateFnsZone(series.timezone)
  return startReader(series, zone, firstWall(series, zone))
}

/** The rule's UNTIL as the last wall-clock start allowed, or the last instant for an instant. */
function untilBound(rule: RecurrenceRule | undefined) {
  const until = rule?.until
  if (until === undefined) return undefined
  if (until.endsWith('Z')) return { instant: new Date(until) }
  if (until.length === 10) return { wall: Temporal.PlainDateTime.from(`${until}T23:59:59.999`) }
  return { wall: Temporal.PlainDateTime.from(until) }
}

/** A wall-clock time carried as the UTC instant of the same reading, as the expander takes and gives them. */
const carried = (wall: Temporal.PlainDateTime) =>
  new Date(wall.toZonedDateTime('UTC').epochMilliseconds)

/**
 * The rule's starts as wall-clock times, in order, from the series' first up to `last` (a wall-clock time). The
 * rule is expanded on the wall clock (carried in UTC, which has no clock changes), never in the event's or the
 * server's zone: a rule counts calendar days, and a 19:00 class stays 19:00 whatever the offset. Days the rule
 * names that do not exist (the 31st of April) are skipped, as RFC 5545 says.
 */
function ruleStarts(
  rule: RecurrenceRule,
  first: Temporal.PlainDateTime,
  last: Temporal.PlainDateTime,
  most: number | undefined,
  withFirst = true,
  after = first,
): Temporal.PlainDateTime[] {
  const expander = new RRuleTemporal({
    freq: rule.freq,
    interval: rule.interval,
    // No more starts than can be kept: a series begun long ago then stops where it must, not at the horizon. Without
    // a count, the expander starts near `after` rather than counting the days since the series' start.
    count: most === undefined ? rule.count : Math.min(rule.count ?? most, most),
    byDay: rule.byDay.length
      ? rule.byDay.map(({ weekday, ordinal }) => `${ordinal ?? ''}${weekday}`)
      : undefined,
    byMonthDay: rule.byMonthDay.length ? rule.byMonthDay : undefined,
    byMonth: rule.byMonth.length ? rule.byMonth : undefined,
    bySetPos: rule.bySetPos.length ? rule.bySetPos : undefined,
    wkst: rule.wkst,
    tzid: 'UTC',
    dtstart: first.toZonedDateTime('UTC') as never,
    // RFC 5545 §3.8.5.3: the start always counts as the first occurrence, even where the rule would not put one.
    includeDtstart: withFirst,
  })
  let starts: ReturnType<typeof expander.between>
  try {
    starts = expander.between(carried(after), carried(last), true)
  } catch (error) {
    // rrule-temporal gives up on a rule whose dates are too rare to find within its step budget.
    throw new RuleError(
      `its dates could not be worked out (${error instanceof Error ? error.message : String(error)})`,
    )
  }
  return starts.map(
    (start) =>
      new Temporal.PlainDateTime(
        start.year,
        start.month,
        start.day,
        start.hour,
        start.minute,
        start.second,
      ),
  )
}

/**
 * The occurrences of a series that start up to `horizon`, at most `cap` of them (`capped` says when more would
 * follow): the series' own start and the rule's starts after it, with the extra dates, without the excluded ones, each
 * as long as the first (the same exact duration, as RFC 5545 §3.8.5.3 says; all-day ones the same number of days).
 * A series without a rule is its first occurrence and its extra dates.
 *
 * Given `now`, a series without end (a rule with neither COUNT nor UNTIL) has at most `cap` occurrences ahead of
 * `now`, however many it had before: it goes on as time passes. Of the starts before `now`, those as far back as
 * the horizon is ahead are covered, at most `cap` of them; `from` is the first covered.
 */
export function expandSeries(
  series: SeriesTiming,
  horizon: Date,
  cap: number,
  now?: Date,
): Expansion {
  const zone = toDateFnsZone(series.timezone)
  const first = firstWall(series, zone)
  const instantOf = startInstant(series, first, zone)
  const until = untilBound(series.rule)
  const endless = now !== undefined && series.rule !== undefined && !series.rule.count && !until
  // How far back an endless series is covered: from the day as far before `now` as the horizon is after it. Whole
  // days, so that the second start of a day keeps its key (`-2`).
  const back = endless ? new Date(2 * now.getTime() - horizon.getTime()) : undefined
  const sinceDay = back && back > series.start ? wallClock(back, zone).toPlainDate() : undefined
  const dayStart = (day: Temporal.PlainDate) => zonedInstant(day.toPlainDateTime(), zone)
  const covered = (wall: Temporal.PlainDateTime) =>
    !sinceDay || Temporal.PlainDate.compare(wall.toPlainDate(), sinceDay) >= 0
  const within = (wall: Temporal.PlainDateTime) => {
    const instant = instantOf(wall)
    if (instant > horizon || !covered(wall)) return false
    if (until?.instant) return instant <= until.instant
    return !until?.wall || Temporal.PlainDateTime.compare(wall, until.wall) <= 0
  }
  // Extra and excluded dates are starts, matched as instants (RFC 5545).
  const startOf = startReader(series, zone, first)
  const excluded = new Set(series.exdates.map((value) => startOf(value).instant.getTime()))
  // The horizon read on the zone's wall clock, a day later to be sure of every zone's offset; `within` decides.
  const last = wallClock(horizon, zone).add({ days: 1 })
  // Enough rule starts for `cap` occurrences once excluded ones are taken out, and one more to tell it was capped.
  // An endless series' starts are bounded by the horizon alone (and those before `now` by `sinceDay`).
  const most = endless ? undefined : cap + series.exdates.length + 1
  const after = sinceDay ? sinceDay.subtract({ days: 1 }).toPlainDateTime() : first
  // A series begun before what is covered is still read from its start up to its first date after it, so that a rule
  // whose dates cannot be found is refused as it is when its starts are counted from the first.
  if (sinceDay && series.rule) ruleStarts(series.rule, first, after, 1, false)
  const ruled = series.rule ? ruleStarts(series.rule, first, last, most, true, after) : [first]
  // Extra dates are not bounded by the rule's end (RFC 5545 §3.8.5.2), only by the horizon.
  const extra = series.rdates
    .map(startOf)
    .filter(({ wall, instant }) => instant <= horizon && covered(wall))
  const unique = new Map<number, Start>()
  for (const start of [
    ...ruled.filter(within).map((wall) => ({ wall, instant: instantOf(wall) })),
    ...extra,
  ]) {
    const at = start.instant.getTime()
    if (!excluded.has(at)) unique.set(at, start)
  }
  const starts = [...unique.values()].sort((a, b) => a.instant.getTime() - b.instant.getTime())
  if (!endless) {
    const capped = starts.length > cap
    return { occurrences: named(starts.slice(0, cap), series, zone), capped }
  }
  const past = starts.filter(({ instant }) => instant < now)
  const ahead = starts.slice(past.length)
  // At most `cap` before `now` too, the latest, from the start of a day.
  let cut = Math.max(0, past.length - cap)
  while (cut > 0 && past[cut - 1]!.wall.toPlainDate().equals(past[cut]!.wall.toPlainDate())) cut--
  const kept = [...past.slice(cut), ...ahead.slice(0, cap)]
  const fromDay = cut > 0 ? past[cut]!.wall.toPlainDate() : sinceDay
  return {
    occurrences: named(kept, series, zone),
    capped: ahead.length > cap,
    ...(fromDay && { from: dayStart(fromDay) }),
  }
}

/**
 * The first start the rule itself puts on or after the series' start, when there is one within a century: the
 * series' start when the two agree. Where they do not, RFC 5545 leaves the set undefined and calendar apps differ
 * (some count the start, some do not), so a feed names this start instead (src/ical/series.ts).
 */
export function firstRuleStart(series: SeriesTiming): Date | undefined {
  if (!series.rule) return undefined
  const zone = toDateFnsZone(series.timezone)
  const first = firstWall(series, zone)
  const [found] = ruleStarts(series.rule, first, first.add({ years: 100 }), 1, false)
  return found && startInstant(series, first, zone)(found)
}

const DAY = 86_400_000

/**
 * At most how many occurrences the series can have up to `horizon`, without expanding it: a rule makes at most one
 * start a day (the time comes from the event's start), fewer at longer frequencies; extra dates add theirs. An
 * upper bound only, for telling cheaply that a series cannot reach the cap.
 */
export function mostOccurrences(series: SeriesTiming, horizon: Date): number {
  const rule = series.rule
  if (!rule) return 1 + series.rdates.length
  const until = untilBound(rule)
  const zone = toDateFnsZone(series.timezone)
  const ends = until?.instant ?? (until?.wall && zonedInstant(until.wall, zone))
  const last = ends && ends < horizon ? ends : horizon
  const days = Math.max(0, Math.floor((last.getTime() - series.start.getTime()) / DAY)) + 1
  const periods = (length: number) => Math.floor(days / (length * rule.interval)) + 1
  const perMonth = rule.byMonthDay.length || rule.byDay.length * 5 || 1
  const perPeriod = {
    DAILY: () => periods(1),
    WEEKLY: () => periods(7) * (rule.byDay.length || 1),
    MONTHLY: () => periods(28) * perMonth,
    YEARLY: () => periods(365) * (rule.byMonth.length || 12) * perMonth,
  }[rule.freq]()
  return Math.min(days, perPeriod, rule.count ?? Infinity) + 1 + series.rdates.length
}

function named(starts: Start[], series: SeriesTiming, zone: string): Occurrence[] {
  const length = series.end.getTime() - series.start.getTime()
  const days = series.allDay
    ? wallClock(series.start, zone).toPlainDate().until(wallClock(series.end, zone).toPlainDate())
        .days
    : 0
  const perDay = new Map<string, number>()
  return starts.map(({ wall, instant: start }) => {
    const date = wall.toPlainDate().toString()
    const nth = (perDay.get(date) ?? 0) + 1
    perDay.set(date, nth)
    const end = series.allDay
      ? zonedInstant(wall.add({ days }).with({ hour: 23, minute: 59, second: 59 }), zone)
      : new Date(start.getTime() + length)
    return { key: nth === 1 ? date : `${date}-${nth}`, start, end }
  })
}
