import type { EventObject, OrganizerObject } from '../serialize/wire.js'

import { contentLines, escapeText, quotedParam } from './contentLines.js'
import { eventTimes, locationOf, utcStamp, venuesOf } from './eventValues.js'
import { htmlToText } from './htmlText.js'

export type CalendarHead = {
  /** `X-WR-CALNAME`: what calendar apps call the subscription, in the answer's language. */
  name: string
  /** The site's zone, for apps that show floating times. */
  timezone: string
  /** How often subscribers should fetch the feed again, in minutes. */
  refreshMinutes: number
}

/**
 * An event of the answer with what the wire object does not carry: its revision number, its `UID`, and for a
 * recurring event written once, the lines that time the series (src/ical/series.ts).
 */
export type CalendarEntry = { event: EventObject; sequence: number; uid: string; times?: string[] }

/** Start and end as UTC instants, or for all-day events dates with an exclusive end. */
function timeLines(event: EventObject): string[] {
  const times = eventTimes(event)
  return times.allDay
    ? [`DTSTART;VALUE=DATE:${times.start}`, `DTEND;VALUE=DATE:${times.end}`]
    : [`DTSTART:${times.start}`, `DTEND:${times.end}`]
}

/** `ORGANIZER` needs an address to write to; an organizer without e-mail is named in the description instead. */
function organizerLine(organizer: OrganizerObject): string | null {
  if (!organizer.email) return null
  const name = htmlToText(organizer.organizer ?? '')
  return `ORGANIZER${name ? `;CN=${quotedParam(name)}` : ''}:mailto:${htmlToText(organizer.email)}`
}

/** A cancelled occurrence says so; otherwise published and private events are confirmed, the others tentative. */
function statusOf(event: EventObject): string {
  if (event.recurrence?.cancelled) return 'CANCELLED'
  return event.status === 'publish' || event.status === 'private' ? 'CONFIRMED' : 'TENTATIVE'
}

function eventLines({ event, sequence, uid, times }: CalendarEntry): string[] {
  const [venue] = venuesOf(event)
  const organizers = event.organizer ?? []
  const unreachable = organizers
    .filter((organizer) => !organizer.email)
    .map((organizer) => htmlToText(organizer.organizer ?? ''))
  const description = [htmlToText(event.description), ...unreachable].filter(Boolean).join('\n\n')
  const categories = event.categories
    .map((term) => escapeText(htmlToText(term.name)))
    .filter(Boolean)
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(uid)}`,
    `DTSTAMP:${utcStamp(event.modified_utc)}`,
    ...(times ?? timeLines(event)),
    `SUMMARY:${escapeText(htmlToText(event.title))}`,
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    ...(venue ? [`LOCATION:${escapeText(locationOf(event, htmlToText))}`] : []),
    ...(venue?.geo_lat !== undefined && venue.geo_lng !== undefined
      ? [`GEO:${venue.geo_lat};${venue.geo_lng}`]
      : []),
    ...organizers.flatMap((organizer) => organizerLine(organizer) ?? []),
    ...(categories.length ? [`CATEGORIES:${categories.join(',')}`] : []),
    `URL:${event.url}`,
    `CLASS:${event.status === 'private' ? 'PRIVATE' : 'PUBLIC'}`,
    `STATUS:${statusOf(event)}`,
    `SEQUENCE:${sequence}`,
    `LAST-MODIFIED:${utcStamp(event.modified_utc)}`,
    'END:VEVENT',
  ]
}

/**
 * Events as an RFC 5545 calendar, as Google Calendar and Outlook import and subscribe to it: CRLF lines folded at
 * 75 octets, `PRODID`, `METHOD:PUBLISH`, the name in `X-WR-CALNAME`, single events' times as UTC instants and
 * all-day events as dates with an exclusive end; `zones` are the `VTIMEZONE`s of the series' zoned times.
 */
export function iCalendar(
  entries: CalendarEntry[],
  head: CalendarHead,
  zones: string[][] = [],
): string {
  return contentLines([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//payload-events-calendar//Events Calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(head.name)}`,
    `X-WR-TIMEZONE:${head.timezone}`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${head.refreshMinutes}M`,
    `X-PUBLISHED-TTL:PT${head.refreshMinutes}M`,
    ...zones.flat(),
    ...entries.flatMap(eventLines),
    'END:VCALENDAR',
  ])
}
