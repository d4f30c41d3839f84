import type { EventObject } from '../serialize/wire.js'

import { eventTimes, locationOf, type ToText } from './eventValues.js'

/** Google Calendar's "add event" page for an event, filled from its answer of the namespace. */
export function googleCalendarLink(event: EventObject, toText: ToText): string {
  const { start, end } = eventTimes(event)
  const details = [toText(event.description), event.url].filter(Boolean).join('\n\n')
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: toText(event.title),
    dates: `${start}/${end}`,
    details,
    location: locationOf(event, toText),
    ctz: event.timezone,
  })
  return `https://calendar.google.com/calendar/render?${query}`
}
