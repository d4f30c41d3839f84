import type { EventObject } from '../../serialize/wire.js'
import type { PageContext } from '../context.js'

import { inEventsDayOrder } from './days.js'

/** A day's events, all-day and continuing ones first, then by the time they start. */
export function DayView({
  day,
  events,
  page,
}: {
  day: string
  events: EventObject[]
  page: PageContext
}) {
  const { EventCard } = page.parts
  return (
    <ol className="pec-day">
      {inEventsDayOrder(day, events).map((event) => (
        <li key={event.id}>
          <EventCard event={event} page={page} />
        </li>
      ))}
    </ol>
  )
}
