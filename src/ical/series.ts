import { Temporal } from 'temporal-polyfill'

import { toDateFnsZone } from '../core/timezones.js'
import { zonedInstant } from '../core/wallTime.js'
import {
  firstRuleStart,
  readWall,
  repeatDateReader,
  type SeriesTiming,
  type Start,
} from '../recurrence/expand.js'
import { formatRule, type RecurrenceRule } from '../recurrence/rule.js'
import { utcStamp } from './eventValues.js'
import type { CalendarZone } from './timezones.js'

/** A recurring event as a feed writes it once: its timing, its cancelled occurrences, and where the cap cut it. */
export type SeriesTimes = SeriesTiming & {
  /** Starts of the occurrences cancelled one by one. */
  cancelled: Date[]
  /** The last start the calendar keeps, when the cap cut the rule short (more would follow). */
  cutAt?: Date
}

const compact = (text: string) => text.replace(/[-:]/g, '')

/**
 * The lines that time a series: `DTSTART`/`DTEND` on the event's wall clock with its `TZID` (or dates, all-day),
 * `RRULE`, `RDATE` and `EXDATE` (cancelled occurrences among them), so that calendar apps repeat it as the calendar
 * does, 19:00 staying 19:00 across daylight-saving changes. A series whose start is not one of its rule's is written
 * from the rule's first start, its own start an extra date, since RFC 5545 leaves that case to each app. A rule
 * the cap cut short ends at the last kept start.
 */
export function seriesTimeLines(series: SeriesTimes, zone: CalendarZone): string[] {
  const dateFnsZone = toDateFnsZone(series.timezone)
  const wall = (value: string | Date) =>
    readWall(typeof value === 'string' ? value : value.toISOString(), dateFnsZone, series.allDay)
  const local = (value: string | Date | Temporal.PlainDateTime) => {
    const read = value instanceof Temporal.PlainDateTime ? value : wall(value)
    return series.allDay
      ? compact(read.toPlainDate().toString())
      : compact(read.toString().slice(0, 19))
  }
  const times = series.allDay ? ';VALUE=DATE' : `;TZID=${zone.tzid}`
  const ruled = series.rule && firstRuleStart(series)
  const rule = ruled && ruleText(series, ruled, dateFnsZone)
  const anchor = rule ? ruled : series.start
  const own = anchor.getTime() === series.start.getTime() ? [] : [series.start.toISOString()]
  const readStart = repeatDateReader(series)
  const startOf = (value: string | Date) =>
    readStart(typeof value === 'string' ? value : value.toISOString())
  const extra = [...own, ...series.rdates]
    .map(startOf)
    .filter(({ instant }) => !series.cutAt || instant <= series.cutAt)
  const excluded = [...series.exdates, ...series.cancelled].map(startOf)
  const end = series.allDay
    ? compact(
        wall(anchor)
          .toPlainDate()
          .add({
            days: wall(series.start).toPlainDate().until(wall(series.end).toPlainDate()).days + 1,
          })
          .toString(),
      )
    : local(new Date(anchor.getTime() + series.end.getTime() - series.start.getTime()))
  return [
    `DTSTART${times}:${local(anchor)}`,
    `DTEND${times}:${end}`,
    ...(rule ? [`RRULE:${rule}`] : []),
    ...dateLines('RDATE', extra),
    ...dateLines('EXDATE', excluded),
  ]

  /**
   * Starts on the event's wall clock, but those it cannot name (the second 01:30 of a night the clock goes back),
   * which go in UTC on a line of their own: the values of one property share one form.
   */
  function dateLines(name: string, starts: Start[]): string[] {
    const named = (start: Start) =>
      series.allDay || zonedInstant(start.wall, dateFnsZone).getTime() === start.instant.getTime()
    const onClock = starts.filter(named).map(({ wall }) => local(wall))
    const inUtc = starts.filter((start) => !named(start)).map(({ instant: at }) => instant(at))
    return [
      ...(onClock.length ? [`${name}${times}:${onClock.join(',')}`] : []),
      ...(inUtc.length ? [`${name}:${inUtc.join(',')}`] : []),
    ]
  }
}

const instant = (date: Date) => utcStamp(date.toISOString().replace('T', ' '))

/**
 * A series whose zone has no `VTIMEZONE`, as UTC instants: its first start, and every other start the calendar
 * keeps (`kept`) as an `RDATE`; exact whatever the zone does.
 */
export function instantLines(series: SeriesTimes, kept: Date[]): string[] {
  const cancelled = new Set(series.cancelled.map((start) => start.getTime()))
  const others = kept.filter(
    (start) => start.getTime() !== series.start.getTime() && !cancelled.has(start.getTime()),
  )
  return [
    `DTSTART:${instant(series.start)}`,
    `DTEND:${instant(series.end)}`,
    ...(others.length ? [`RDATE:${others.map(instant).join(',')}`] : []),
    ...(cancelled.has(series.start.getTime()) ? [`EXDATE:${instant(series.start)}`] : []),
  ]
}

/**
 * The rule from its first start `ruled` on, with its end as RFC 5545 §3.3.10 wants it beside a zoned start: `UNTIL`
 * a UTC instant (a date for an all-day series). A date alone ends with that day in the event's zone; a rule cut
 * short by the cap ends at its last kept start instead of its count; a count that took in the series' own start
 * (which the rule does not put there) is one less. Undefined when the rule adds no start to the series' own.
 */
function ruleText(series: SeriesTimes, ruled: Date, zone: string): string | undefined {
  const rule = series.rule as RecurrenceRule
  const synced = ruled.getTime() === series.start.getTime()
  const count = series.cutAt || rule.count === undefined ? undefined : rule.count - (synced ? 0 : 1)
  if (count === 0) return undefined
  const until = series.cutAt?.toISOString() ?? rule.until
  if (until === undefined) return formatRule({ ...rule, count })
  const endsAt = until.endsWith('Z')
    ? new Date(until)
    : zonedInstant(readWall(until.length === 10 ? `${until}T23:59:59` : until, zone, false), zone)
  if (endsAt < ruled) return undefined
  const ending = series.allDay
    ? readWall(endsAt.toISOString(), zone, true).toPlainDate().toString()
    : `${endsAt.toISOString().slice(0, 19)}Z`
  return formatRule({ ...rule, count, until: ending })
}

/**
 * The lines that time an occurrence changed on its own, written after its series with the series' `UID`:
 * `RECURRENCE-ID` where the rule puts it, and its own start and end, in the series' form (zoned, dates all day, or
 * UTC instants for a zone without a `VTIMEZONE`).
 */
export function overrideTimeLines(
  series: Pick<SeriesTiming, 'timezone' | 'allDay'>,
  zone: CalendarZone | undefined,
  occurrence: { start: Date; end: Date; originalStart: Date },
): string[] {
  if (!zone)
    return [
      `RECURRENCE-ID:${instant(occurrence.originalStart)}`,
      `DTSTART:${instant(occurrence.start)}`,
      `DTEND:${instant(occurrence.end)}`,
    ]
  const dateFnsZone = toDateFnsZone(series.timezone)
  const wall = (date: Date) => readWall(date.toISOString(), dateFnsZone, series.allDay)
  if (series.allDay)
    return [
      `RECURRENCE-ID;VALUE=DATE:${compact(wall(occurrence.originalStart).toPlainDate().toString())}`,
      `DTSTART;VALUE=DATE:${compact(wall(occurrence.start).toPlainDate().toString())}`,
      `DTEND;VALUE=DATE:${compact(wall(occurrence.end).toPlainDate().add({ days: 1 }).toString())}`,
    ]
  const local = (date: Date) => compact(wall(date).toString().slice(0, 19))
  return [
    `RECURRENCE-ID;TZID=${zone.tzid}:${local(occurrence.originalStart)}`,
    `DTSTART;TZID=${zone.tzid}:${local(occurrence.start)}`,
    `DTEND;TZID=${zone.tzid}:${local(occurrence.end)}`,
  ]
}
