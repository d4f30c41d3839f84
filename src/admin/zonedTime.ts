import { formatInTimeZone, toZonedTime } from 'date-fns-tz'

import { isValidTimezone, toDateFnsZone } from '../core/timezones.js'
import { zonedInstant } from '../core/wallTime.js'

/** The zone to show an event's times in: its own when valid, else the site's. */
export const displayZone = (zone: unknown, siteTimezone: string): string =>
  toDateFnsZone(isValidTimezone(zone) ? zone : siteTimezone)

/** A stored instant as a Date whose local fields read as the wall-clock time in `zone` (for date pickers). */
export const toWallClock = (instant: string, zone: string): Date => toZonedTime(instant, zone)

const pad = (value: number) => String(value).padStart(2, '0')

/** The wall-clock time held in `date`'s local fields (a date picker's), as `YYYY-MM-DDTHH:mm:ss`. */
export const localFields = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
  `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`

/** The instant at which the wall-clock time held in `date`'s local fields happens in `zone`. */
export const fromWallClock = (date: Date, zone: string): string =>
  zonedInstant(localFields(date), zone).toISOString()

/** The instant of the same wall-clock time in another zone: what an editor means by changing the zone. */
export const sameWallClock = (instant: string, from: string, to: string): string =>
  zonedInstant(formatInTimeZone(instant, from, "yyyy-MM-dd'T'HH:mm:ss.SSS"), to).toISOString()

/** Start or end of the local day of `date` in `zone`, as all-day events are stored. */
export const dayBound = (date: Date, zone: string, bound: 'end' | 'start'): string =>
  zonedInstant(
    `${localFields(date).slice(0, 10)}T${bound === 'start' ? '00:00:00' : '23:59:59'}`,
    zone,
  ).toISOString()
