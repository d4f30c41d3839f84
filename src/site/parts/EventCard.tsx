import type { EventObject } from '../../serialize/wire.js'
import type { PageContext } from '../context.js'

import { venuesOf } from '../../ical/eventValues.js'
import { pathOfUrl } from '../context.js'
import { EventTime } from './EventTime.js'
import { Html } from './Html.js'
import { Terms } from './Terms.js'

/** An event in a list: its title (a link to its page), when, where, an excerpt, its cost and categories. */
export function EventCard({ event, page }: { event: EventObject; page: PageContext }) {
  const cancelled = event.recurrence?.cancelled
  const venue = venuesOf(event)[0]
  return (
    <article className={`pec-event-card${cancelled ? ' pec-event-card--cancelled' : ''}`}>
      {event.image ? (
        <img
          className="pec-event-card__image"
          src={event.image.url}
          alt=""
          width={event.image.width || undefined}
          height={event.image.height || undefined}
          loading="lazy"
        />
      ) : null}
      <div className="pec-event-card__body">
        <p className="pec-event-card__when">
          <EventTime event={event} page={page} />
          {event.recurrence ? (
            <span className="pec-badge pec-badge--series"> {page.messages.repeats}</span>
          ) : null}
        </p>
        <h3 className="pec-event-card__title">
          <a href={pathOfUrl(event.url)}>
            <Html html={event.title} />
          </a>
        </h3>
        {venue ? (
          <p className="pec-event-card__venue">
            <a href={pathOfUrl(venue.url)}>
              <Html html={venue.venue ?? ''} />
            </a>
            {venue.city ? (
              <>
                {', '}
                <Html html={venue.city} />
              </>
            ) : null}
          </p>
        ) : null}
        {event.excerpt ? (
          <Html as="div" className="pec-event-card__excerpt" html={event.excerpt} />
        ) : null}
        {event.cost ? (
          <p className="pec-event-card__cost">
            <Html html={event.cost} />
          </p>
        ) : null}
        <Terms terms={event.categories} taxonomy="category" page={page} />
      </div>
    </article>
  )
}
