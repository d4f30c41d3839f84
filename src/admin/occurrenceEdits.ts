import { formatInTimeZone } from 'date-fns-tz'
import { stringify } from 'qs-esm'

import { NAMESPACE } from '../core/constants.js'
import { occurrenceWireId } from '../recurrence/series.js'
import type { Scope } from '../recurrence/split.js'

/** An occurrence as the occurrences collection's REST API returns it (depth 0, one locale). */
export type StoredOccurrence = {
  id: number
  key: string
  startDate: string
  endDate: string
  originalStart?: string | null
  cancelled?: boolean | null
  moved?: boolean | null
  changed?: boolean | null
  title?: string | null
}

/** The times and title the editor gives one date, as the form's inputs hold them. */
export type OccurrenceDraft = { start: string; end: string; title: string }

/** Payload's API route: the admin calls it on the page's own origin, whatever address `serverURL` names. */
type Routes = { api: string }

/** Payload's REST address of the occurrences of `series` that an editor moved, changed or cancelled. */
export function editedOccurrencesAddress(
  routes: Routes,
  collection: string,
  series: number | string,
): string {
  const where = {
    and: [
      { series: { equals: series } },
      {
        or: [
          { moved: { equals: true } },
          { changed: { equals: true } },
          { cancelled: { equals: true } },
        ],
      },
    ],
  }
  const select = { key: true, moved: true, changed: true, cancelled: true }
  return `${routes.api}/${collection}?${stringify({ where, select, sort: 'startDate', pagination: false, depth: 0 })}`
}

/** Payload's REST address of one page of a series' dates, soonest first: those not yet over, or all of them. */
export function occurrencesAddress(
  routes: Routes,
  collection: string,
  {
    series,
    page,
    includePast,
    locale,
  }: { series: number | string; page: number; includePast: boolean; locale: string },
): string {
  const where = includePast
    ? { series: { equals: series } }
    : {
        and: [
          { series: { equals: series } },
          { endDate: { greater_than_equal: new Date().toISOString() } },
        ],
      }
  const query = stringify({ where, sort: 'startDate', limit: 10, page, depth: 0, locale })
  return `${routes.api}/${collection}?${query}`
}

/** The namespace's address of one date, by its wire id, written in the language being edited. */
export const occurrenceAddress = (routes: Routes, stored: number, locale: string): string =>
  `${routes.api}/${NAMESPACE}/events/${occurrenceWireId(stored)}?ml_language=${encodeURIComponent(locale)}`

/** An instant as a date or date-and-time input holds it, on the event's own clock. */
export const inputValue = (instant: string, zone: string, allDay: boolean): string =>
  formatInTimeZone(instant, zone, allDay ? 'yyyy-MM-dd' : "yyyy-MM-dd'T'HH:mm")

/** An input's value as the namespace reads a local time in the event's zone. */
const wireTime = (value: string, allDay: boolean): string =>
  allDay ? value : `${value.replace('T', ' ')}:00`

export const draftOf = (
  occurrence: StoredOccurrence,
  zone: string,
  allDay: boolean,
): OccurrenceDraft => ({
  start: inputValue(occurrence.startDate, zone, allDay),
  end: inputValue(occurrence.endDate, zone, allDay),
  title: occurrence.title ?? '',
})

/**
 * The namespace's write for a change of one date: only what the editor changed, so a new title alone does not
 * move the date, and the scope unless it is this date alone.
 */
export function writeOf(
  before: OccurrenceDraft,
  after: OccurrenceDraft,
  scope: Scope,
  allDay: boolean,
): Record<string, string> {
  return {
    ...(after.start !== before.start && { start_date: wireTime(after.start, allDay) }),
    ...(after.end !== before.end && { end_date: wireTime(after.end, allDay) }),
    ...(after.title !== before.title && { title: after.title }),
    ...(scope !== 'this' && { scope }),
  }
}
