import type { MovedOccurrence } from '../hooks/occurrences.js'

import { textToRichText } from '../richText/fromText.js'
import { zonedInstant } from '../core/wallTime.js'

/** The dataset format of `bench/make-dataset.mjs`: records reference each other by `key`, never by database id. */
type Translations<T> = { translations?: Record<string, Partial<T>> }

export type DatasetTerm = {
  key: string
  name: string
  slug?: string
  description?: string
  parent?: string | null
}
export type DatasetVenue = {
  key: string
  venue: string
  description?: string
  address?: string
  city?: string
  country?: string
  state?: string
  province?: string
  zip?: string
  phone?: string
  website?: string
  geo_lat?: number
  geo_lng?: number
}
export type DatasetOrganizer = {
  key: string
  organizer: string
  description?: string
  email?: string
  phone?: string
  website?: string
}
export type DatasetEvent = {
  key: string
  title: string
  description?: string
  excerpt?: string
  start_date: string
  end_date: string
  timezone: string
  all_day?: boolean
  cost?: string
  website?: string
  featured?: boolean
  categories?: string[]
  tags?: string[]
  venue?: string | null
  organizer?: string[]
  /** How the event repeats: RFC 5545 rule text, in its zone (docs/api.md#recurring-events). */
  recurrence?: string
  /** Dates of the series (`yyyy-MM-dd` in its zone) that are cancelled: listed as such, as an editor cancels one. */
  cancelled_dates?: string[]
  /** Dates of the series moved to times of their own (wall clock in the event's zone), the rest kept. */
  moved_dates?: { date: string; start_date: string; end_date: string }[]
}

export type Dataset = {
  categories: (DatasetTerm & Translations<DatasetTerm>)[]
  tags: (DatasetTerm & Translations<DatasetTerm>)[]
  venues: (DatasetVenue & Translations<DatasetVenue>)[]
  organizers: (DatasetOrganizer & Translations<DatasetOrganizer>)[]
  events: (DatasetEvent & Translations<DatasetEvent>)[]
}

export type KeyLookup = (
  kind: 'categories' | 'organizers' | 'tags' | 'venues',
  key: string,
) => number

const present = <T extends Record<string, unknown>>(record: T) =>
  Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined),
  ) as Partial<T>

const richText = (text: string | undefined) => (text ? textToRichText(text) : undefined)

/** Collection data for one record in one locale; `translation` holds only that locale's localized fields. */
export const toTermData = (term: Partial<DatasetTerm>, parentId?: number) =>
  present({ name: term.name, description: term.description, slug: term.slug, parent: parentId })

export const toVenueData = (venue: Partial<DatasetVenue>) =>
  present({
    name: venue.venue,
    description: richText(venue.description),
    address: venue.address,
    city: venue.city,
    country: venue.country,
    state: venue.state,
    province: venue.province,
    zip: venue.zip,
    phone: venue.phone,
    website: venue.website || undefined,
    geoLat: venue.geo_lat,
    geoLng: venue.geo_lng,
  })

export const toOrganizerData = (organizer: Partial<DatasetOrganizer>) =>
  present({
    name: organizer.organizer,
    description: richText(organizer.description),
    email: organizer.email,
    phone: organizer.phone,
    website: organizer.website || undefined,
  })

/** Event start and end are wall-clock times in the event's zone; they are stored as UTC instants. */
export function toEventData(event: Partial<DatasetEvent>, lookup?: KeyLookup) {
  const zone = event.timezone
  const instant = (wallClock: string | undefined) =>
    wallClock && zone ? zonedInstant(wallClock, zone).toISOString() : undefined
  return present({
    title: event.title,
    description: richText(event.description),
    excerpt: event.excerpt,
    startDate: instant(event.start_date),
    endDate: instant(event.end_date),
    timezone: event.timezone,
    allDay: event.all_day,
    cost: event.cost,
    website: event.website || undefined,
    featured: event.featured,
    categories: lookup && event.categories?.map((key) => lookup('categories', key)),
    tags: lookup && event.tags?.map((key) => lookup('tags', key)),
    venue:
      lookup && event.venue !== undefined
        ? event.venue
          ? [lookup('venues', event.venue)]
          : []
        : undefined,
    organizers: lookup && event.organizer?.map((key) => lookup('organizers', key)),
    recurrence: event.recurrence ? { rule: event.recurrence } : undefined,
  })
}

/** The event's moved dates with their new times, as UTC instants of the wall clock written in its zone. */
export const toMovedOccurrences = (event: DatasetEvent): MovedOccurrence[] =>
  (event.moved_dates ?? []).map((moved) => ({
    key: moved.date,
    startDate: zonedInstant(moved.start_date, event.timezone).toISOString(),
    endDate: zonedInstant(moved.end_date, event.timezone).toISOString(),
  }))

/** Parents before children, so a category's parent id is known when it is created. */
export function parentsFirst(terms: DatasetTerm[]): DatasetTerm[] {
  const byKey = new Map(terms.map((term) => [term.key, term]))
  const ordered: DatasetTerm[] = []
  const placed = new Set<string>()
  const place = (term: DatasetTerm, path: Set<string>) => {
    if (placed.has(term.key)) return
    if (path.has(term.key)) throw new Error(`category ${term.key} is its own ancestor`)
    const parent = term.parent ? byKey.get(term.parent) : undefined
    if (term.parent && !parent)
      throw new Error(`category ${term.key} has an unknown parent ${term.parent}`)
    if (parent) place(parent, new Set([...path, term.key]))
    placed.add(term.key)
    ordered.push(term)
  }
  for (const term of terms) place(term, new Set())
  return ordered
}
