import type { PayloadRequest } from 'payload'

import { zonedInstant } from './wallTime.js'

/** The search parameter of the event form's create address that starts a new event on a day (`YYYY-MM-DD`). */
export const NEW_EVENT_DAY = 'day'

/** A new event started from a day runs for an hour from 09:00 on that day's wall clock, as a first guess. */
const WALL_TIME = { start: '09:00:00', end: '10:00:00' }

/** The instant a new event started on `day` begins or ends in `zone`; undefined when `day` is no date. */
function newEventBound(
  day: null | string | undefined,
  zone: string,
  bound: 'end' | 'start',
): string | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined
  try {
    return zonedInstant(`${day}T${WALL_TIME[bound]}`, zone).toISOString()
  } catch {
    // A day no calendar has (2027-02-30): the form starts empty, as without one.
    return undefined
  }
}

/**
 * The default of an event's start or end (`bound`): on the day the admin's create address names
 * (`/admin/collections/events/create?day=2027-03-05`, as the month view's days link), in the site's `zone`; none
 * without one. Payload builds a new document's form from the page's query, so the form opens with the dates set.
 */
export const newEventDefault =
  (bound: 'end' | 'start', zone: string) =>
  ({ req }: { req: PayloadRequest }): string | undefined => {
    const day = req.query?.[NEW_EVENT_DAY]
    return typeof day === 'string' ? newEventBound(day, zone, bound) : undefined
  }
