import type { CurrencyPosition } from '../core/constants.js'

/** The JSON objects of the `tribe/events/v1` wire format (docs/api.md#examples), as the serialisers build them. */

export type DateDetails = {
  year: string
  month: string
  day: string
  hour: string
  minutes: string
  seconds: string
}

export type CostDetails = {
  currency_symbol: string
  currency_code: string
  currency_position: '' | CurrencyPosition
  values: string[]
}

export type ImageSizeObject = {
  width?: number
  height?: number
  'mime-type'?: string
  filesize?: number
  url: string
}

export type ImageObject = {
  url: string
  /** A string where the media collection is not numbered (a site's own, on MongoDB). */
  id: number | string
  extension?: string
  width?: number
  height?: number
  filesize?: number
  sizes: Record<string, ImageSizeObject>
}

export type TermUrls = { self: string; collection: string; up?: string }

/** A term inside an event (WP_Term fields plus `urls`). */
export type EmbeddedTerm = {
  name: string
  slug: string
  term_group: 0
  term_taxonomy_id: number
  taxonomy: 'post_tag' | 'tribe_events_cat'
  description: string
  parent: number
  count: number
  filter: 'raw'
  id: number
  urls: TermUrls
}

/** A term of the categories and tags endpoints. */
export type TermObject = {
  id: number
  count: number
  description: string
  name: string
  slug: string
  taxonomy: 'post_tag' | 'tribe_events_cat'
  parent?: number
  meta: []
  url: string
  urls: TermUrls
}

export type PostalAddress = {
  '@type': 'PostalAddress'
  streetAddress?: string
  addressLocality?: string
  addressRegion?: string
  postalCode?: string
  addressCountry?: string
}

export type PlaceJsonLd = {
  '@type': 'Place'
  name: string
  description: string
  image?: string
  url: string
  address: PostalAddress
  geo?: { '@type': 'GeoCoordinates'; latitude: number; longitude: number }
  telephone: string
  sameAs: string
}

export type PersonJsonLd = {
  '@type': 'Person'
  name: string
  description: string
  image?: string
  url: string
  telephone: string
  email: string
  sameAs: string
}

export type OfferJsonLd = {
  '@type': 'Offer'
  price: string
  priceCurrency: string
  url: string
  category: 'primary'
  availability: 'inStock'
  validFrom: string
}

export type EventJsonLd = {
  '@context': 'http://schema.org'
  '@type': 'Event'
  name: string
  description: string
  image?: string
  url: string
  eventAttendanceMode: string
  eventStatus: string
  startDate: string
  endDate: string
  location?: PlaceJsonLd
  organizer?: PersonJsonLd
  offers?: OfferJsonLd
  performer: 'Organization'
}

/** Publication fields shared by events, venues and organizers. */
export type PostFields = {
  author: string
  status: string
  date: string
  date_utc: string
  modified: string
  modified_utc: string
}

export type GlobalIds = { global_id: string; global_id_lineage: string[] }

/**
 * Keys are absent when empty, as the original removes falsy fields
 * (test/fixtures/captures/venues-single-get-anon.json).
 */
export type VenueObject = { id: number; author?: string } & Omit<PostFields, 'author'> & {
    url: string
    venue?: string
    description?: string
    excerpt?: string
    slug?: string
    image?: ImageObject
    address?: string
    city?: string
    country?: string
    province?: string
    state?: string
    zip?: string
    phone?: string
    website?: string
    stateprovince?: string
    geo_lat?: number
    geo_lng?: number
    json_ld?: PlaceJsonLd
    show_map: boolean
    show_map_link: boolean
  } & GlobalIds

export type OrganizerObject = { id: number; author?: string } & Omit<PostFields, 'author'> & {
    url: string
    organizer?: string
    description?: string
    excerpt?: string
    slug?: string
    image?: ImageObject
    phone?: string
    website?: string
    email?: string
    json_ld?: PersonJsonLd
  } & GlobalIds

/**
 * The protected fields are `null`/empty when a password-protected event is blanked
 * (test/fixtures/captures/events-by-slug-password-no-password.json).
 */
export type EventObject = { id: number } & GlobalIds &
  PostFields & {
    url: string
    rest_url: string
    title: string
    description: string
    excerpt: string
    slug: string
    image: false | ImageObject
    all_day: boolean | null
    start_date: string
    start_date_details: DateDetails
    end_date: string
    end_date_details: DateDetails
    utc_start_date: string
    utc_start_date_details: DateDetails
    utc_end_date: string
    utc_end_date_details: DateDetails
    timezone: string
    timezone_abbr: string
    cost: string
    cost_details: CostDetails | BlankedCostDetails
    website: string
    show_map: boolean | null
    show_map_link: boolean | null
    hide_from_listings: boolean | null
    sticky: boolean | null
    featured: boolean | null
    /** Ours (docs/api.md#where-we-knowingly-differ-from-the-original): the original has no such field. */
    ticketed: boolean | null
    categories: EmbeddedTerm[]
    tags: EmbeddedTerm[]
    venue: VenueObject | VenueObject[] | []
    organizer: OrganizerObject[]
    custom_fields: []
    /** Ours, on recurring events only (docs/api.md#recurring-events). */
    recurrence?: RecurrenceObject
    json_ld?: EventJsonLd
  }

/** The series an occurrence belongs to, and how it repeats. */
export type RecurrenceObject = {
  series_id: number
  /**
   * The occurrence's name in its series: the local date the rule puts it on, `-2` for a second that day; null
   * for the series itself (the answer to a write).
   */
  occurrence: string | null
  /** This occurrence alone is cancelled (`DELETE` of its id); lists and feeds leave it out. */
  cancelled: boolean
  /** Where the rule puts the occurrence, local as `start_date`; null for the series itself. */
  original_start: string | null
  /** The occurrence has times or content of its own. */
  changed: boolean
  rule: string | null
  rdates: string[]
  exdates: string[]
}

/** The blanked cost details, in the key order the original emits them. */
export type BlankedCostDetails = {
  currency_symbol: ''
  currency_position: ''
  currency_code: ''
  values: []
}
