import type { EventObject } from '../../serialize/wire.js'
import type { PageContext } from '../context.js'

import { eventTimes, locationOf } from '../../ical/eventValues.js'
import { googleCalendarLink } from '../../ical/googleCalendar.js'
import { htmlToText } from '../../ical/htmlText.js'

/** Outlook's "new event" page (Outlook.com or Microsoft 365), filled from the event's answer. */
function outlookLink(host: string, event: EventObject): string {
  const { allDay } = eventTimes(event)
  const query = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: htmlToText(event.title),
    startdt: allDay ? event.start_date.slice(0, 10) : event.utc_start_date.replace(' ', 'T') + 'Z',
    enddt: allDay ? event.end_date.slice(0, 10) : event.utc_end_date.replace(' ', 'T') + 'Z',
    allday: String(allDay),
    body: [htmlToText(event.description), event.url].filter(Boolean).join('\n\n'),
    location: locationOf(event, htmlToText),
  })
  return `https://${host}/calendar/0/deeplink/compose?${query}`
}

/** The event's calendar file from the namespace, in the page's language. */
export const icsLink = (event: EventObject, page: PageContext) => {
  const url = new URL(event.rest_url)
  url.searchParams.set('ical', '1')
  if (page.locale !== page.book.defaultLocale) url.searchParams.set('ml_language', page.locale)
  return url.toString()
}

/** Add to calendar: Google Calendar, Outlook.com, Outlook 365 and an `.ics` file, as plain links. */
export function AddToCalendar({ event, page }: { event: EventObject; page: PageContext }) {
  const { messages: m } = page
  const links = [
    [m.googleCalendar, googleCalendarLink(event, htmlToText)],
    [m.outlookCom, outlookLink('outlook.live.com', event)],
    [m.outlook365, outlookLink('outlook.office.com', event)],
    [m.icsFile, icsLink(event, page)],
  ] as const
  return (
    <section className="pec-add" aria-labelledby="pec-add-title">
      <h2 id="pec-add-title" className="pec-add__title">
        {m.addToCalendar}
      </h2>
      <ul className="pec-add__links">
        {links.map(([label, href]) => (
          <li key={label}>
            <a href={href} rel="nofollow">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Subscribe: the same events as a calendar feed, `webcal://` for calendar apps. */
export function Subscribe({
  page,
  filters,
}: {
  page: PageContext
  filters: Record<string, string>
}) {
  const url = new URL(`${page.namespaceURL}/events`)
  url.searchParams.set('ical', '1')
  for (const [name, value] of Object.entries(filters)) url.searchParams.set(name, value)
  if (page.locale !== page.book.defaultLocale) url.searchParams.set('ml_language', page.locale)
  const webcal = url.toString().replace(/^https?:/, 'webcal:')
  return (
    <p className="pec-subscribe">
      <a href={webcal} rel="nofollow">
        {page.messages.subscribeLink}
      </a>
    </p>
  )
}
