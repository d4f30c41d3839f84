import { Temporal } from 'temporal-polyfill'

import { offsetAt } from './timezones.js'

const DAY = 86_400_000

/**
 * The instant a wall-clock time of `zone` (IANA, `UTC±N` or `±HH:MM`) names: `YYYY-MM-DD[T| ]HH:mm[:ss[.sss]]`, or a
 * date alone for its midnight. The one reading of wall-clock times everywhere (writes, all-day bounds, imports,
 * windows, the admin, the expansion of series), as RFC 5545 §3.3.5 and the original's PHP read them: a time a clock
 * change skips keeps the offset before the change (02:30 on a spring-forward night is 03:30 of the new offset), a
 * repeated one is its first instance. (date-fns-tz's `fromZonedTime` reads a skipped time an hour early.) Offsets
 * are `offsetAt`'s, to the minute, as answers are written: a time written is answered as written, even in a local
 * mean time of seconds (Hong Kong's +07:36:42 before 1904).
 */
export function zonedInstant(wall: string | Temporal.PlainDateTime, zone: string): Date {
  const reading = Temporal.PlainDateTime.from(wall).toZonedDateTime('UTC').epochMilliseconds
  const before = offsetAt(zone, reading - DAY)
  const after = offsetAt(zone, reading + DAY)
  const fits = (offset: number) => offsetAt(zone, reading - offset) === offset
  return new Date(fits(before) || !fits(after) ? reading - before : reading - after)
}

/** How `instant` reads on the wall clock of `zone`, with `zonedInstant`'s offsets. */
export const wallClock = (instant: Date, zone: string): Temporal.PlainDateTime =>
  Temporal.Instant.fromEpochMilliseconds(instant.getTime() + offsetAt(zone, instant.getTime()))
    .toZonedDateTimeISO('UTC')
    .toPlainDateTime()

/**
 * `wall` (as `zonedInstant` takes it) as `YYYY-MM-DDTHH:mm:ss` when its instant reads otherwise in `zone`, the
 * clock having skipped it (02:30 is 03:30): what a series' start loses when it is kept as an instant. Else null.
 */
export function skippedWall(wall: string, zone: string): string | null {
  const written = Temporal.PlainDateTime.from(wall)
  return written.equals(wallClock(zonedInstant(written, zone), zone)) ? null : written.toString()
}
