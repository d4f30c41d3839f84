import type { Where } from 'payload'

import type { EventDoc, Id, OccurrenceDoc, Related } from '../core/model.js'
import type { Window } from './occurrenceTotals.js'
import type { Reader } from './reader.js'

import { occurrenceOfWireId } from '../recurrence/series.js'
import { InvalidFilter } from './errors.js'
import { searchableProtected } from './eventAccess.js'
import { venuesWithCoordinates } from './geo.js'
import { ownContent, withOwnContent } from './occurrenceContent.js'
import { findOccurrencePage, type OccurrencePageQuery } from './occurrenceReads.js'
import { asCaller } from './reader.js'
import { findByIds, type Page } from './reads.js'
import { loadRelated } from './related.js'
import { searchCondition } from './search.js'
import { requireExisting, resolveTermIds } from './terms.js'
import { type StatusScope, statusScope } from './visibility.js'

/** What a list of events is narrowed to; each filter names the list parameter it answers for in its errors. */
export type EventFilters = {
  /** Publication states asked for (`status`); the reader's default when not given. */
  status?: string[]
  /** Conditions on `startDate` and `endDate`, which an occurrence and a single event share. */
  dates: Where[]
  /** The same conditions, when they are a window alone (its totals then add kept counts). */
  window?: Window
  search?: string
  /** Category ids or slugs; their child categories count too. */
  categories?: (number | string)[]
  /** Tag ids or slugs. */
  tags?: (number | string)[]
  venue?: number[]
  organizer?: number[]
  featured?: boolean
  ticketed?: boolean
  /** Children of this event (`post_parent`). */
  parent?: number
  /** Only events whose venue has coordinates (true), or has none (false). */
  geoloc?: boolean
  /** Near this point, nearest venue first (`geoloc_lat`, `geoloc_lng`); both or neither. */
  near?: { lat?: number; lng?: number }
  /** Only these events and occurrences, by their ids on the wire; the dates are then ignored. */
  include?: number[]
  /** Each recurring event once, at its first occurrence that matches. */
  firstOfSeries?: boolean
  /** Latest start first (past events), instead of soonest first. */
  newestFirst?: boolean
}

export type EventItem = { doc: EventDoc & { passwordHash?: string }; occurrence: OccurrenceDoc }

export type EventPage = {
  /** The page's occurrences (a single event's one included) with their events, in list order. */
  items: EventItem[]
  /** Every record the items link to. */
  related: Related
  /** How many occurrences match in all. */
  total: number
  scope: StatusScope
}

/** `in` with an empty list is not portable across adapters; id 0 is never used, so `[0]` matches nothing. */
export const within = (field: string, ids: Id[]): Where => ({
  [field]: { in: ids.length ? ids : [0] },
})

/** `include`: the occurrences of the events named, and the occurrences named by their own ids. */
function includedOccurrences(ids: number[]): Where {
  const occurrences = ids.flatMap((id) => occurrenceOfWireId(id) ?? [])
  const events = ids.filter((id) => occurrenceOfWireId(id) === undefined)
  return { or: [within('series', events), within('id', occurrences)] }
}

/** The conditions on the events themselves, with the venues near the point asked for, by distance. */
async function eventConditions(reader: Reader, filters: EventFilters, scope: StatusScope) {
  const { options } = reader
  const and: Where[] = [scope.where, { hideFromListings: { not_equals: true } }]
  if (filters.search) {
    and.push(...searchableProtected(reader))
    const search = {
      collection: options.slugs.events,
      fields: ['searchText'],
      search: filters.search,
      where: [...and],
      trash: scope.trash,
    }
    and.push(await searchCondition(reader, search))
  }
  if (filters.categories) {
    const ids = await resolveTermIds(
      reader,
      options.slugs.categories,
      filters.categories,
      'categories',
      { descendants: true },
    )
    and.push(within('categories', ids))
  }
  if (filters.tags)
    and.push(within('tags', await resolveTermIds(reader, options.slugs.tags, filters.tags, 'tags')))
  if (filters.venue) {
    await requireExisting(reader, options.slugs.venues, filters.venue, 'venue')
    and.push(within('venue', filters.venue))
  }
  if (filters.organizer) {
    await requireExisting(reader, options.slugs.organizers, filters.organizer, 'organizer')
    and.push(within('organizers', filters.organizer))
  }
  if (filters.featured !== undefined)
    and.push({ featured: filters.featured ? { equals: true } : { not_equals: true } })
  if (filters.ticketed !== undefined)
    and.push({ ticketed: filters.ticketed ? { equals: true } : { not_equals: true } })
  if (filters.parent) {
    await requireExisting(reader, options.slugs.events, [filters.parent], 'post_parent')
    and.push({ parent: { equals: filters.parent } })
  }
  const { lat, lng } = filters.near ?? {}
  if ((lat === undefined) !== (lng === undefined))
    throw new InvalidFilter(lat === undefined ? 'geoloc_lat' : 'geoloc_lng')
  const near =
    lat !== undefined && lng !== undefined
      ? await venuesWithCoordinates(reader, { lat, lng, radiusKm: options.geoRadiusKm })
      : undefined
  if (near) and.push(within('venue', [...near.keys()]))
  else if (filters.geoloc !== undefined) {
    const located = [...(await venuesWithCoordinates(reader)).keys()]
    and.push(
      filters.geoloc
        ? within('venue', located)
        : { venue: { not_in: located.length ? located : [0] } },
    )
  }
  return { and, near }
}

/**
 * A page of the events a reader may see, as occurrences (each date of a recurring event is an item), the filters
 * applied: the list of `/events` and of every calendar page. Events are read as the reader, their related records
 * in one batch per collection.
 */
export async function findEventPage(
  reader: Reader,
  filters: EventFilters,
  { page, perPage }: { page: number; perPage: number },
): Promise<EventPage> {
  const scope = statusScope(reader, filters.status)
  const { and, near } = await eventConditions(reader, filters, scope)
  const query: OccurrencePageQuery = {
    events: { and },
    trash: scope.trash,
    dates: filters.include ? [] : filters.dates,
    window: filters.include ? undefined : filters.window,
    only: filters.include && includedOccurrences(filters.include),
    sort: filters.include
      ? ['series.publishedAt', 'startDate', 'id']
      : filters.newestFirst
        ? ['-startDate', '-id']
        : ['startDate', 'id'],
    page,
    limit: perPage,
    firstOfSeries: filters.firstOfSeries,
  }
  const result = near
    ? await nearestFirst(reader, query, near)
    : await findOccurrencePage(reader, query)
  const series = await findByIds<EventItem['doc']>(
    reader,
    reader.options.slugs.events,
    [...new Set(result.docs.map((occurrence) => occurrence.series))],
    { trash: scope.trash },
  )
  // An event trashed or made private between the two reads leaves its occurrences out.
  const items = (await withOwnContent(reader, result.docs)).flatMap((occurrence) => {
    const doc = series.get(occurrence.series)
    return doc ? [{ doc, occurrence }] : []
  })
  const related = await loadRelated(reader, [
    ...series.values(),
    ...items.map(({ occurrence }) => ownContent(occurrence) as EventDoc),
  ])
  return { items, related, total: result.totalDocs, scope }
}

/**
 * Occurrences of events near a point, nearest venue first, then by start: ordered here, since distance is not a
 * column.
 */
async function nearestFirst(
  reader: Reader,
  query: OccurrencePageQuery,
  distances: Map<Id, number>,
): Promise<Page<OccurrenceDoc>> {
  const all = await findOccurrencePage(reader, {
    ...query,
    page: 1,
    limit: Number.MAX_SAFE_INTEGER,
  })
  const { docs: events } = await reader.req.payload.find({
    ...asCaller(reader),
    collection: reader.options.slugs.events,
    trash: query.trash,
    pagination: false,
    where: within('id', [...new Set(all.docs.map((occurrence) => occurrence.series))]),
    select: { venue: true },
  })
  const venues = new Map(
    (events as unknown as { id: Id; venue?: Id[] | null }[]).map((event) => [
      event.id,
      event.venue,
    ]),
  )
  const distanceOf = (occurrence: OccurrenceDoc) =>
    Math.min(...(venues.get(occurrence.series) ?? []).map((id) => distances.get(id) ?? Infinity))
  const ordered = all.docs.sort(
    (a, b) =>
      distanceOf(a) - distanceOf(b) || a.startDate.localeCompare(b.startDate) || a.id - b.id,
  )
  const offset = (query.page - 1) * query.limit
  return { docs: ordered.slice(offset, offset + query.limit), totalDocs: ordered.length }
}
