import type { EventObject, OrganizerObject, VenueObject } from '../../serialize/wire.js'
import type { PageContext } from '../context.js'

import { mapLink } from '../../core/mapLink.js'
import { venuesOf } from '../../ical/eventValues.js'
import { htmlToText } from '../../ical/htmlText.js'
import { ruleInWords } from '../../recurrence/words.js'
import { pathOfUrl } from '../context.js'
import { mediumDate } from '../format.js'
import { fillMessage } from '../messages.js'
import { AddToCalendar } from '../parts/AddToCalendar.js'
import { EventTime } from '../parts/EventTime.js'
import { Html } from '../parts/Html.js'
import { Terms } from '../parts/Terms.js'

/** A venue's name, address and a map link that needs no key (a search on Google Maps). */
export function VenueDetails({ venue, page }: { venue: VenueObject; page: PageContext }) {
  const map = mapLink({
    address: venue.address,
    city: venue.city,
    country: venue.country,
    province: venue.province,
    state: venue.state,
    zip: venue.zip,
    geoLat: venue.geo_lat,
    geoLng: venue.geo_lng,
  })
  const name = htmlToText(venue.venue ?? '')
  return (
    <div className="pec-venue">
      <p className="pec-venue__name">
        <a href={pathOfUrl(venue.url)}>
          <Html html={venue.venue ?? ''} />
        </a>
      </p>
      <address className="pec-venue__address">
        {[venue.address, venue.city, venue.stateprovince, venue.zip, venue.country]
          .filter(Boolean)
          .map((part, index) => (
            <Html key={index} as="span" className="pec-venue__line" html={part!} />
          ))}
      </address>
      {venue.phone ? (
        <p>
          {page.messages.phone}:{' '}
          <a href={`tel:${htmlToText(venue.phone)}`}>
            <Html html={venue.phone} />
          </a>
        </p>
      ) : null}
      {map && venue.show_map_link !== false ? (
        <p>
          <a href={map} rel="noopener" aria-label={fillMessage(page.messages.mapOf, { name })}>
            {page.messages.map}
          </a>
        </p>
      ) : null}
    </div>
  )
}

/** An organizer's name and how to reach them. */
export function OrganizerDetails({
  organizer,
  page,
}: {
  organizer: OrganizerObject
  page: PageContext
}) {
  const m = page.messages
  return (
    <div className="pec-organizer">
      <p className="pec-organizer__name">
        <a href={pathOfUrl(organizer.url)}>
          <Html html={organizer.organizer ?? ''} />
        </a>
      </p>
      {organizer.phone ? (
        <p>
          {m.phone}:{' '}
          <a href={`tel:${htmlToText(organizer.phone)}`}>
            <Html html={organizer.phone} />
          </a>
        </p>
      ) : null}
      {organizer.email ? (
        <p>
          {m.email}:{' '}
          <a href={`mailto:${htmlToText(organizer.email)}`}>
            <Html html={organizer.email} />
          </a>
        </p>
      ) : null}
      {organizer.website ? (
        <p>
          {m.website}:{' '}
          <a href={htmlToText(organizer.website)} rel="noopener">
            <Html html={organizer.website} />
          </a>
        </p>
      ) : null}
    </div>
  )
}

/** The body of an event's page: image, description, details, venue and organizers. */
export function EventBody({ event, page }: { event: EventObject; page: PageContext }) {
  const m = page.messages
  const venues = venuesOf(event)
  const website = event.website && event.website !== event.url ? htmlToText(event.website) : null
  return (
    <div className="pec-event__body">
      {event.image ? (
        <img
          className="pec-event__image"
          src={event.image.url}
          alt=""
          width={event.image.width || undefined}
          height={event.image.height || undefined}
        />
      ) : null}
      {event.description ? (
        <Html as="div" className="pec-event__description" html={event.description} />
      ) : null}
      <section className="pec-event__details" aria-labelledby="pec-details-title">
        <h2 id="pec-details-title">{m.details}</h2>
        <dl>
          {event.cost ? (
            <>
              <dt>{m.cost}</dt>
              <dd>
                <Html html={event.cost} />
              </dd>
            </>
          ) : null}
          {website ? (
            <>
              <dt>{m.website}</dt>
              <dd>
                <a href={website} rel="noopener">
                  {website}
                </a>
              </dd>
            </>
          ) : null}
          {event.categories.length ? (
            <>
              <dt>{m.categories}</dt>
              <dd>
                <Terms terms={event.categories} taxonomy="category" page={page} />
              </dd>
            </>
          ) : null}
          {event.tags.length ? (
            <>
              <dt>{m.tags}</dt>
              <dd>
                <Terms terms={event.tags} taxonomy="tag" page={page} />
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      {venues.length ? (
        <section className="pec-event__venues" aria-labelledby="pec-venue-title">
          <h2 id="pec-venue-title">{m.venue}</h2>
          {venues.map((venue) => (
            <VenueDetails key={venue.id} venue={venue} page={page} />
          ))}
        </section>
      ) : null}
      {event.organizer.length ? (
        <section className="pec-event__organizers" aria-labelledby="pec-organizer-title">
          <h2 id="pec-organizer-title">
            {event.organizer.length > 1 ? m.organizers : m.organizer}
          </h2>
          {event.organizer.map((organizer) => (
            <OrganizerDetails key={organizer.id} organizer={organizer} page={page} />
          ))}
        </section>
      ) : null}
    </div>
  )
}

/** The JSON-LD of an event, as the namespace computes it, for search engines. */
function JsonLd({ data }: { data: unknown }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
}

/**
 * An event's page: title, when (a recurring event's rule in words and its next dates), its body, add to calendar,
 * and its JSON-LD. A cancelled date says so; a password-protected event shows no content.
 */
export function EventPage({
  event,
  next,
  locked,
  page,
}: {
  event: EventObject
  next: EventObject[]
  locked: boolean
  page: PageContext
}) {
  const m = page.messages
  const rule = event.recurrence?.rule
  const words = rule && ruleInWords(rule, page.tag, (day) => mediumDate(day, page.tag))
  const { EventBody: Body } = page.parts
  return (
    <article className="pec-event">
      <h1 className="pec-site__title">
        <Html html={event.title} />
      </h1>
      {event.recurrence?.cancelled ? (
        <p className="pec-notice pec-notice--cancelled" role="status">
          {m.cancelledNotice}
        </p>
      ) : null}
      <p className="pec-event__when">
        <EventTime event={event} page={page} />
      </p>
      {words ? <p className="pec-event__rule">{words}</p> : null}
      {locked ? (
        <p className="pec-notice">{m.passwordProtected}</p>
      ) : (
        <Body event={event} page={page} />
      )}
      {next.length ? (
        <section className="pec-event__next" aria-labelledby="pec-next-title">
          <h2 id="pec-next-title">{m.nextDates}</h2>
          <ul>
            {next.map((date) => (
              <li key={date.id}>
                <a href={pathOfUrl(date.url)}>
                  <EventTime event={date} page={page} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {event.recurrence?.cancelled || locked ? null : <AddToCalendar event={event} page={page} />}
      {event.json_ld ? <JsonLd data={event.json_ld} /> : null}
    </article>
  )
}
