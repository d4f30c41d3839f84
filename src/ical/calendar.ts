import type { EventObject, OrganizerObject } from '../serialize/wire.js'

import { contentLines, escapeText, quotedParam } from './contentLines.js'
import { eventTimes, locationOf, utcStamp, venuesOf } from './eventValues.js'
import { htmlToText } from './htmlText.js'

export type CalendarHead = {
  /** `X-WR-CALNAME`: what calendar apps call the subscription, in the answer's language. */
  name: string
  /** The site's zone, for apps that show floating times; every time in the stream is a UTC instant. */
  timezone: string
  /** How often subscribers should fetch the feed again, in minutes. */
  refreshMinutes: number
}

/** An event of the answer and its revision number, which the wire object does not carry. */
export type CalendarEntry = { event: EventObject; sequence: number }

/** `ORGANIZER` needs an address to write to; an organizer without e-mail is named in the description instead. */
function organizerLine(organizer: OrganizerObject): string | null {
  if (!organizer.email) return null
  const name = htmlToText(organizer.organizer ?? '')
  return `ORGANIZER${name ? `;CN=${quotedParam(name)}` : ''}:mailto:${htmlToText(organizer.email)}`
}

function eventLines({ event, sequence }: CalendarEntry): string[] {
  const [venue] = venuesOf(event)
  const organizers = event.organizer ?? []
  const unreachable = organizers
    .filter((organizer) => !organizer.email)
    .map((organizer) => htmlToText(organizer.organizer ?? ''))
  const description = [htmlToText(event.description), ...unreachable].filter(Boolean).join('\n\n')
  const categories = event.categories
    .map((term) => escapeText(htmlToText(term.name)))
    .filter(Boolean)
  const times = eventTimes(event)
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.global_id)}`,
    `DTSTAMP:${utcStamp(event.modified_utc)}`,
    ...(times.allDay
      ? [`DTSTART;VALUE=DATE:${times.start}`, `DTEND;VALUE=DATE:${times.end}`]
      : [`DTSTART:${times.start}`, `DTEND:${times.end}`]),
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
    `STATUS:${event.status === 'publish' || event.status === 'private' ? 'CONFIRMED' : 'TENTATIVE'}`,
    `SEQUENCE:${sequence}`,
    `LAST-MODIFIED:${utcStamp(event.modified_utc)}`,
    'END:VEVENT',
  ]
}

/**
 * Events as an RFC 5545 calendar, as Google Calendar and Outlook import and subscribe to it: CRLF lines folded at
 * 75 octets, `PRODID`, `METHOD:PUBLISH`, the name in `X-WR-CALNAME`, times as UTC instants (no `VTIMEZONE` needed)
 * and all-day events as dates with an exclusive end.
 */
export function iCalendar(entries: CalendarEntry[], head: CalendarHead): string {
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
    ...entries.flatMap(eventLines),
    'END:VCALENDAR',
  ])
}
