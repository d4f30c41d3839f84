import type { Where } from 'payload'

import type { EventDoc, Id, OccurrenceDoc, OrganizerDoc, TermDoc, VenueDoc } from '../core/model.js'
import type { EventObject, OrganizerObject, TermObject, VenueObject } from '../serialize/wire.js'
import type { ArchiveOf, ArchiveView } from './addresses.js'
import type { Visit } from './visitor.js'

import { zonedInstant } from '../core/wallTime.js'
import { isSeries } from '../recurrence/series.js'
import { unlocked } from '../query/eventAccess.js'
import { type EventFilters, findEventPage } from '../query/events.js'
import { withRelated } from '../query/occurrenceContent.js'
import { findAll, findFirst } from '../query/reads.js'
import { loadMedia } from '../query/related.js'
import { occurrencesOf, shownOccurrence } from '../query/series.js'
import { statusScope } from '../query/visibility.js'
import { serializeEvent } from '../serialize/event.js'
import { serializeOrganizer } from '../serialize/organizer.js'
import { categoryPath, serializeTerm } from '../serialize/term.js'
import { serializeVenue } from '../serialize/venue.js'
import { shiftDay } from './format.js'
import { shiftMonth } from '../core/monthGrid.js'

/** What the filter bar and the list's links ask for, beside the address. */
export type Query = { search?: string; date?: string; category?: string; past: boolean }

/** The most events a month or a day shows (a month of a busy calendar has a few hundred). */
const MOST_IN_A_WINDOW = 1_000

type Archive = { kind: 'archive'; of: ArchiveOf } & ArchiveView

/** The publication states a page shows: published ones, and in draft mode whatever the visitor may read. */
const pageStatus = (visit: Visit) => (visit.draft ? undefined : ['publish'])

/** The instant a site-zone wall clock (`yyyy-MM-dd HH:mm:ss`) is. */
const inSiteZone = (visit: Visit, wall: string) =>
  zonedInstant(wall, visit.options.timezone).toISOString()

/** Events that overlap a window: they end at or after its start and start at or before its end. */
const overlapping = (from: string, to?: string): Where[] => [
  { endDate: { greater_than_equal: from } },
  ...(to ? [{ startDate: { less_than_equal: to } }] : []),
]

/** The events of a page of a list, as the namespace writes them (password-protected ones blanked). */
async function eventsOf(
  visit: Visit,
  filters: Omit<EventFilters, 'status'>,
  page: { page: number; perPage: number },
): Promise<{ events: EventObject[]; total: number }> {
  const found = await findEventPage(visit, { ...filters, status: pageStatus(visit) }, page)
  const events = await Promise.all(
    found.items.map(async ({ doc, occurrence }) =>
      serializeEvent(doc, found.related, visit.serialize, {
        single: false,
        blanked: !(await unlocked(visit, doc)),
        occurrence,
      }),
    ),
  )
  return { events, total: found.total }
}

/** The filters of an archive: its category or tag, and those of the filter bar. */
function archiveFilters(
  of: ArchiveOf,
  query: Query,
): Pick<EventFilters, 'categories' | 'search' | 'tags'> {
  const categories = [
    ...(of.kind === 'category' ? [of.path.split('/').at(-1)!] : []),
    ...(query.category ? [query.category] : []),
  ]
  return {
    search: query.search || undefined,
    categories: categories.length ? categories : undefined,
    tags: of.kind === 'tag' ? [of.slug] : undefined,
  }
}

export type ListData = { view: 'list'; events: EventObject[]; page: number; totalPages: number }
export type MonthData = { view: 'month'; month: string; events: EventObject[] }
export type DayData = { view: 'day'; day: string; events: EventObject[] }
export type ArchiveData = (ListData | MonthData | DayData) & { title?: TermObject }

/**
 * An archive's events: the list (upcoming by start, or past ones latest first; from the bar's date when given), a
 * month or a day of the site's calendar (every event that overlaps it, in start order).
 */
export async function loadArchive(
  visit: Visit,
  page: Archive,
  query: Query,
  today: string,
): Promise<ArchiveData | null> {
  const title = await archiveTerm(visit, page.of)
  if (title === null) return null
  const filters = archiveFilters(page.of, query)
  if (page.view === 'list') {
    const now = new Date().toISOString()
    const from = query.date ? inSiteZone(visit, `${query.date} 00:00:00`) : now
    const dates: Where[] = query.past ? [{ endDate: { less_than: now } }] : overlapping(from)
    const perPage = visit.options.pages.perPage
    const { events, total } = await eventsOf(
      visit,
      { ...filters, dates, newestFirst: query.past },
      { page: page.page, perPage },
    )
    const totalPages = Math.max(1, Math.ceil(total / perPage))
    if (page.page > totalPages) return null
    return { view: 'list', events, page: page.page, totalPages, title }
  }
  const [first, last] =
    page.view === 'month'
      ? ((month) => [`${month}-01`, shiftDay(`${shiftMonth(month, 1)}-01`, -1)])(
          page.month ?? (query.date ?? today).slice(0, 7),
        )
      : ((day) => [day, day])(page.day ?? query.date ?? today)
  const dates = overlapping(
    inSiteZone(visit, `${first} 00:00:00`),
    inSiteZone(visit, `${last} 23:59:59`),
  )
  const { events } = await eventsOf(
    visit,
    { ...filters, dates },
    { page: 1, perPage: MOST_IN_A_WINDOW },
  )
  return page.view === 'month'
    ? { view: 'month', month: first.slice(0, 7), events, title }
    : { view: 'day', day: first, events, title }
}

/** The category or tag an archive is of (undefined for all events), or null when there is none such to see. */
async function archiveTerm(visit: Visit, of: ArchiveOf): Promise<TermObject | null | undefined> {
  if (of.kind === 'all') return undefined
  const { slugs } = visit.options
  if (of.kind === 'tag') {
    const tag = await findFirst<TermDoc>(visit, {
      collection: slugs.tags,
      where: { slug: { equals: of.slug } },
    })
    return tag ? serializeTerm(tag, 'tags', new Map(), visit.serialize) : null
  }
  const categories = await allCategories(visit)
  const slug = of.path.split('/').at(-1)
  const found = [...categories.values()].find((term) => term.slug === slug)
  if (!found) return null
  // A category answers at its own path only: `music/jazz`, not `jazz` or `rock/jazz`.
  return categoryPath(found, categories) === of.path
    ? serializeTerm(found, 'categories', categories, visit.serialize)
    : null
}

const allCategories = async (visit: Visit) =>
  new Map(
    (await findAll<TermDoc>(visit, { collection: visit.options.slugs.categories, where: {} })).map(
      (term) => [term.id, term],
    ),
  )

/** Every category the visitor may see: its slug, its name in the page's language, and its path (`music/jazz`). */
export async function loadCategories(
  visit: Visit,
): Promise<{ slug: string; name: string; path: string }[]> {
  const categories = await allCategories(visit)
  return [...categories.values()]
    .map((term) => ({
      slug: term.slug ?? '',
      name: term.name ?? term.slug ?? '',
      path: categoryPath(term, categories),
    }))
    .sort((a, b) => a.path.localeCompare(b.path))
}

export type EventData = {
  event: EventObject
  /** The event as stored: its id, and whether it repeats. */
  doc: EventDoc
  /** The next dates of a recurring event, with their pages. */
  next: EventObject[]
  locked: boolean
}

/**
 * An event's page: the event by its slug, as the visitor may see it, or one date of it (`occurrence`, the date's
 * key); a recurring event's own page shows its date now on or next, and its next dates. A cancelled date has its
 * page, which says so.
 */
export async function loadEvent(
  visit: Visit,
  slug: string,
  occurrenceKey?: string,
): Promise<EventData | null> {
  const scope = statusScope(visit, pageStatus(visit))
  const doc = await findFirst<EventDoc & { passwordHash?: string }>(visit, {
    collection: visit.options.slugs.events,
    where: { and: [{ slug: { equals: slug } }, scope.where] },
  })
  if (!doc) return null
  const repeats = isSeries(doc.recurrence)
  if (occurrenceKey && !repeats) return null
  const shown = occurrenceKey
    ? (
        await occurrencesOf(visit, doc.id, {
          where: { key: { equals: occurrenceKey } },
          limit: 1,
          cancelled: true,
        })
      )[0]
    : repeats
      ? await shownOccurrence(visit, doc.id)
      : undefined
  if (occurrenceKey && !shown) return null
  const locked = !(await unlocked(visit, doc))
  const upcoming = repeats
    ? await occurrencesOf(visit, doc.id, {
        where: { endDate: { greater_than_equal: new Date().toISOString() } },
        limit: 8,
      })
    : []
  const { occurrences, related } = await withRelated(visit, doc, [
    ...(shown ? [shown] : []),
    ...upcoming.filter((occurrence) => occurrence.id !== shown?.id),
  ])
  const write = (occurrence: OccurrenceDoc | undefined, single: boolean) =>
    serializeEvent(doc, related, visit.serialize, { single, blanked: locked, occurrence })
  return {
    event: write(shown && occurrences[0], true),
    doc,
    next: occurrences.slice(shown ? 1 : 0).map((occurrence) => write(occurrence, false)),
    locked,
  }
}

export type PlaceData<T> = { record: T; upcoming: EventObject[] }

/** A venue's or an organizer's page: the record by its slug, and its upcoming events. */
export async function loadPlace(
  visit: Visit,
  kind: 'organizer' | 'venue',
  slug: string,
): Promise<PlaceData<OrganizerObject | VenueObject> | null> {
  const { slugs } = visit.options
  const collection = kind === 'venue' ? slugs.venues : slugs.organizers
  const scope = statusScope(visit, pageStatus(visit))
  const doc = await findFirst<OrganizerDoc & VenueDoc>(visit, {
    collection,
    where: { and: [{ slug: { equals: slug } }, scope.where] },
  })
  if (!doc) return null
  const media = await loadMedia(visit, [doc])
  const record =
    kind === 'venue'
      ? serializeVenue(doc, media, visit.serialize, { single: true })
      : serializeOrganizer(doc, media, visit.serialize, { single: true })
  const { events } = await eventsOf(
    visit,
    {
      dates: overlapping(new Date().toISOString()),
      [kind === 'venue' ? 'venue' : 'organizer']: [doc.id as Id as number],
    },
    { page: 1, perPage: visit.options.pages.perPage },
  )
  return { record, upcoming: events }
}
