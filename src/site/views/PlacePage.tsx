import type { EventObject, OrganizerObject, VenueObject } from '../../serialize/wire.js'
import type { PageContext } from '../context.js'

import { htmlToText } from '../../ical/htmlText.js'
import { fillMessage } from '../messages.js'
import { Html } from '../parts/Html.js'
import { OrganizerDetails, VenueDetails } from './EventPage.js'

/** A venue's or an organizer's page: who or where, how to reach them, and their upcoming events. */
export function PlacePage({
  kind,
  record,
  upcoming,
  page,
}: {
  kind: 'organizer' | 'venue'
  record: OrganizerObject | VenueObject
  upcoming: EventObject[]
  page: PageContext
}) {
  const m = page.messages
  const name =
    kind === 'venue' ? (record as VenueObject).venue : (record as OrganizerObject).organizer
  const { EventCard } = page.parts
  return (
    <article className={`pec-${kind}-page`}>
      <h1 className="pec-site__title">
        <Html html={name ?? ''} />
      </h1>
      {kind === 'venue' ? (
        <VenueDetails venue={record as VenueObject} page={page} />
      ) : (
        <OrganizerDetails organizer={record as OrganizerObject} page={page} />
      )}
      {record.description ? (
        <Html as="div" className="pec-place__description" html={record.description} />
      ) : null}
      <section aria-labelledby="pec-upcoming-title">
        <h2 id="pec-upcoming-title">
          {fillMessage(kind === 'venue' ? m.eventsAt : m.eventsBy, {
            name: htmlToText(name ?? ''),
          })}
        </h2>
        {upcoming.length ? (
          <ol className="pec-list__events">
            {upcoming.map((event) => (
              <li key={event.id}>
                <EventCard event={event} page={page} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="pec-empty">{m.noUpcoming}</p>
        )}
      </section>
    </article>
  )
}
