import type { EventObject, VenueObject } from '../serialize/wire.js'

/** Turns a field of an answer (HTML-escaped text, or description HTML) into plain text. */
export type ToText = (html: string) => string

/** `2026-11-28 10:30:00` (UTC) → `20261128T103000Z` */
export const utcStamp = (wire: string): string =>
  `${wire.slice(0, 10).replace(/-/g, '')}T${wire.slice(11, 19).replace(/:/g, '')}Z`

/** `2026-11-28 …` → `20261128`, optionally some days later (an all-day event's end is exclusive). */
export function dateValue(wire: string, daysLater = 0): string {
  const day = new Date(`${wire.slice(0, 10)}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + daysLater)
  return day.toISOString().slice(0, 10).replace(/-/g, '')
}

/** Start and end as calendars want them: UTC instants, or for all-day events dates with an exclusive end. */
export const eventTimes = (event: EventObject): { allDay: boolean; start: string; end: string } =>
  event.all_day
    ? { allDay: true, start: dateValue(event.start_date), end: dateValue(event.end_date, 1) }
    : { allDay: false, start: utcStamp(event.utc_start_date), end: utcStamp(event.utc_end_date) }

export const venuesOf = (event: EventObject): VenueObject[] =>
  (Array.isArray(event.venue)
    ? (event.venue as VenueObject[])
    : [event.venue as VenueObject]
  ).filter(Boolean)

/** Each venue as one line: its name and address parts, comma-separated; several venues separated by `; `. */
export const locationOf = (event: EventObject, toText: ToText): string =>
  venuesOf(event)
    .map((venue) =>
      [
        venue.venue,
        venue.address,
        venue.city,
        venue.stateprovince ?? venue.state ?? venue.province,
        venue.zip,
        venue.country,
      ]
        .filter((part): part is string => Boolean(part))
        .map(toText)
        .join(', '),
    )
    .join('; ')
