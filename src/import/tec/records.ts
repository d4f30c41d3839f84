import type { MovedOccurrence } from '../../hooks/occurrences.js'
import type { Resource } from './source.js'

import { htmlToText } from '../../ical/htmlText.js'

/** A record of the source as its API answers it (one language). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the source's JSON, read field by field
export type WireRecord = Record<string, any>

/** What one record becomes: fields shared by every language, the localized ones per language, and its links. */
export type Mapped = {
  shared: Record<string, unknown>
  localized: Record<string, unknown>
  /** Rich text fields of `localized`, still as the source's HTML. */
  html: Record<string, string>
  links: { resource: Resource; key: string; field: string; many: boolean }[]
  image?: string
  /** A recurring event's occurrences cancelled on the source, by key (src/import/tec/series.ts). */
  cancelled?: string[]
  /** A recurring event's occurrences moved on the source, by key, at their times there. */
  moved?: MovedOccurrence[]
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? htmlToText(value) : undefined
const instant = (utc: unknown): string | undefined =>
  typeof utc === 'string' && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(utc) && !utc.startsWith('0000')
    ? `${utc.replace(' ', 'T')}.000Z`
    : undefined
const flag = (value: unknown): boolean | undefined =>
  typeof value === 'boolean' ? value : undefined
const number = (value: unknown): number | undefined => {
  const parsed = typeof value === 'string' && value.trim() ? Number(value) : value
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined
}
const defined = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined))
const imageUrl = (image: unknown): string | undefined =>
  image && typeof image === 'object' && typeof (image as { url?: unknown }).url === 'string'
    ? (image as { url: string }).url
    : undefined

/**
 * The key a record is known by in every run: the source's `global_id` for posts (`host?id=N`, unique per site),
 * and the same form with the taxonomy for terms, which have none.
 */
export function sourceKey(resource: Resource, record: WireRecord, host: string): string {
  if (resource === 'categories' || resource === 'tags')
    return `${host}?term_id=${record.id}&taxonomy=${resource}`
  return typeof record.global_id === 'string'
    ? record.global_id
    : `${host}?id=${record.id}&type=${resource}`
}

const venuesOf = (event: WireRecord): WireRecord[] =>
  Array.isArray(event.venue)
    ? event.venue
    : event.venue && typeof event.venue === 'object'
      ? [event.venue]
      : []

/** The records an event carries inside it, for sources whose lists leave some out (drafts of linked venues…). */
export const embedded = (event: WireRecord): Partial<Record<Resource, WireRecord[]>> => ({
  venues: venuesOf(event),
  organizers: Array.isArray(event.organizer) ? event.organizer : [],
  categories: Array.isArray(event.categories) ? event.categories : [],
  tags: Array.isArray(event.tags) ? event.tags : [],
})

function costFields(event: WireRecord) {
  const details = event.cost_details ?? {}
  const amounts = Array.isArray(details.values) ? details.values.map(String).filter(Boolean) : []
  // `values` holds the amounts of a numeric cost, and a text cost lower-cased ("Free" → "free"): text keeps its own.
  const values = amounts.every((value: string) => /^\d+(?:[.,]\d+)*$/.test(value)) ? amounts : []
  return {
    cost: values.length ? values.join(' - ') : text(event.cost),
    currencySymbol: values.length ? details.currency_symbol || undefined : undefined,
    currencyCode: details.currency_code || undefined,
    currencyPosition:
      values.length && details.currency_symbol ? details.currency_position || undefined : undefined,
  }
}

/** A recurring event's rule and dates, as this project's answers give them (and src/import/tec/series.ts gathers). */
const recurrenceOf = (record: WireRecord) =>
  record.recurrence && typeof record.recurrence === 'object'
    ? {
        rule: record.recurrence.rule || null,
        rdates: record.recurrence.rdates ?? [],
        exdates: record.recurrence.exdates ?? [],
      }
    : undefined

/** The collection data of one record in one language, with its links still as source keys. */
export function mapRecord(resource: Resource, record: WireRecord, host: string): Mapped {
  const key = (kind: Resource, linked: WireRecord) => sourceKey(kind, linked, host)
  switch (resource) {
    case 'categories':
    case 'tags':
      return {
        shared: defined({ slug: record.slug || undefined }),
        localized: defined({
          name: text(record.name),
          description: text(record.description) ?? '',
        }),
        html: {},
        links: record.parent
          ? [{ resource, key: key(resource, { id: record.parent }), field: 'parent', many: false }]
          : [],
      }
    case 'venues':
      return {
        shared: defined({
          slug: record.slug || undefined,
          zip: record.zip || undefined,
          phone: record.phone || undefined,
          website: record.website || undefined,
          geoLat: number(record.geo_lat),
          geoLng: number(record.geo_lng),
          showMap: flag(record.show_map),
          showMapLink: flag(record.show_map_link),
          status: 'publish',
          publishedAt: instant(record.date_utc),
        }),
        localized: defined({
          name: text(record.venue),
          excerpt: text(record.excerpt),
          address: text(record.address),
          city: text(record.city),
          state: text(record.state),
          province: text(record.province),
          // Given only when the source's differs from what state or province give: then it is the source's own.
          stateprovince:
            record.stateprovince !== (record.state || record.province)
              ? text(record.stateprovince)
              : undefined,
          country: text(record.country),
        }),
        html: record.description ? { description: record.description } : {},
        links: [],
        image: imageUrl(record.image),
      }
    case 'organizers':
      return {
        shared: defined({
          slug: record.slug || undefined,
          email: text(record.email),
          phone: record.phone || undefined,
          website: record.website || undefined,
          status: 'publish',
          publishedAt: instant(record.date_utc),
        }),
        localized: defined({ name: text(record.organizer), excerpt: text(record.excerpt) }),
        html: record.description ? { description: record.description } : {},
        links: [],
        image: imageUrl(record.image),
      }
    case 'events': {
      const related = embedded(record)
      return {
        shared: defined({
          slug: record.slug || undefined,
          startDate: instant(record.utc_start_date),
          endDate: instant(record.utc_end_date),
          timezone: record.timezone || undefined,
          allDay: flag(record.all_day),
          ...costFields(record),
          // An event without a website of its own answers its own address as one: that is no website to keep.
          website: record.website && record.website !== record.url ? record.website : undefined,
          featured: flag(record.featured),
          sticky: flag(record.sticky),
          hideFromListings: flag(record.hide_from_listings),
          recurrence: recurrenceOf(record),
          status: 'publish',
          publishedAt: instant(record.date_utc),
        }),
        localized: defined({ title: text(record.title), excerpt: text(record.excerpt) }),
        html: record.description ? { description: record.description } : {},
        links: [
          ...related.venues!.map((venue) => ({
            resource: 'venues' as const,
            key: key('venues', venue),
            field: 'venue',
            many: true,
          })),
          ...related.organizers!.map((organizer) => ({
            resource: 'organizers' as const,
            key: key('organizers', organizer),
            field: 'organizers',
            many: true,
          })),
          ...related.categories!.map((term) => ({
            resource: 'categories' as const,
            key: key('categories', term),
            field: 'categories',
            many: true,
          })),
          ...related.tags!.map((term) => ({
            resource: 'tags' as const,
            key: key('tags', term),
            field: 'tags',
            many: true,
          })),
        ],
        image: imageUrl(record.image),
        cancelled: record.recurrence?.cancelled_occurrences,
        moved: (record.recurrence?.moved_occurrences as WireRecord[] | undefined)?.flatMap(
          ({ key, start, end }) => {
            const [startDate, endDate] = [instant(start), instant(end)]
            return startDate && endDate ? [{ key: String(key), startDate, endDate }] : []
          },
        ),
      }
    }
  }
}
