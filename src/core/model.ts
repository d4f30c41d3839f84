import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'

import type { CurrencyPosition, PostStatus } from './constants.js'
import type { UrlTemplates } from './options.js'

/** Records as the Local API returns them at depth 0 (relationships are ids), in the requested locale. */
export type Id = number
/** A media record's id: a site's own media collection is not numbered, so on MongoDB it is an ObjectId. */
export type MediaId = Id | string
export type RichText = SerializedEditorState | null | undefined

export type MediaSize = {
  url?: string | null
  width?: number | null
  height?: number | null
  mimeType?: string | null
  filesize?: number | null
  filename?: string | null
}
export type MediaDoc = MediaSize & {
  id: MediaId
  alt?: string | null
  sizes?: Record<string, MediaSize> | null
}

/** Publication state shared by events, venues and organizers. */
export type PostState = {
  status: PostStatus
  publishedAt?: string | null
  createdAt: string
  updatedAt: string
  deletedAt?: string | null
  author?: Id | null
  /** Given by a namespace write: a draft shows its slug only then (`givenFields`). */
  slugGiven?: boolean | null
}

export type VenueDoc = PostState & {
  id: Id
  name?: string | null
  slug?: string | null
  description?: RichText
  excerpt?: string | null
  address?: string | null
  city?: string | null
  state?: string | null
  province?: string | null
  /** Given by the writer; when empty, the state or else the province is shown. */
  stateProvince?: string | null
  zip?: string | null
  country?: string | null
  phone?: string | null
  website?: string | null
  geoLat?: number | null
  geoLng?: number | null
  showMap?: boolean | null
  showMapLink?: boolean | null
  image?: MediaId | null
}

export type OrganizerDoc = PostState & {
  id: Id
  name?: string | null
  slug?: string | null
  description?: RichText
  excerpt?: string | null
  email?: string | null
  phone?: string | null
  website?: string | null
  image?: MediaId | null
}

export type TermDoc = {
  id: Id
  name?: string | null
  slug?: string | null
  description?: string | null
  /** Categories only; tags have no parent. */
  parent?: Id | null
  count?: number | null
}

/** How an event repeats, as stored: `rule` in RFC 5545's text, and extra and excluded local starts. */
export type Recurrence = {
  rule?: string | null
  rdates?: string[] | null
  exdates?: string[] | null
}

/** One time an event takes place (`collections/occurrences.ts`). */
export type OccurrenceDoc = {
  id: Id
  series: Id
  /** The local date the rule puts it on, `-2` for a second one that day: its name for as long as the series lives. */
  key: string
  /** UTC instants (ISO 8601) */
  startDate: string
  endDate: string
  /** Its event's zone and all-day flag, kept with it so lists of occurrences show them on the event's clock. */
  timezone?: string | null
  allDay?: boolean | null
  /** Cancelled on its own: out of lists and feeds, still answering at its id. */
  cancelled?: boolean | null
  /** Where the rule puts it (UTC); empty where it was never moved: then its start. */
  originalStart?: string | null
  /** Its times are its own, kept when the series is edited. */
  moved?: boolean | null
  /** It has times or content of its own. */
  changed?: boolean | null
  /** Its own content, in the language read; empty is the event's. */
  title?: string | null
  description?: EventDoc['description']
  venue?: Id[] | null
  organizers?: Id[] | null
  image?: Id | null
}

export type EventDoc = PostState & {
  id: Id
  title?: string | null
  slug?: string | null
  description?: RichText
  excerpt?: string | null
  /** UTC instants (ISO 8601) */
  startDate: string
  endDate: string
  /** The wall-clock time the start was written with, where its instant reads otherwise (`SeriesTiming.startWall`). */
  startWall?: string | null
  /** IANA name or `UTC±N` */
  timezone: string
  allDay?: boolean | null
  recurrence?: Recurrence | null
  cost?: string | null
  currencySymbol?: string | null
  currencyCode?: string | null
  currencyPosition?: CurrencyPosition | null
  website?: string | null
  featured?: boolean | null
  sticky?: boolean | null
  hideFromListings?: boolean | null
  showMap?: boolean | null
  showMapLink?: boolean | null
  ticketed?: boolean | null
  passwordProtected?: boolean | null
  parent?: Id | null
  venue?: Id[] | null
  organizers?: Id[] | null
  categories?: Id[] | null
  tags?: Id[] | null
  image?: MediaId | null
}

/** Every record a page of results refers to, loaded in one batched query per collection. */
export type Related = {
  venues: Map<Id, VenueDoc>
  organizers: Map<Id, OrganizerDoc>
  /** The categories of the page and all their ancestors (for `{path}` in category URLs). */
  categories: Map<Id, TermDoc>
  tags: Map<Id, TermDoc>
  media: Map<MediaId, MediaDoc>
}

export type SerializeContext = {
  /** Origin of the server, e.g. `http://127.0.0.1:3000` (no trailing slash). */
  serverURL: string
  /** The namespace root, e.g. `http://127.0.0.1:3000/api/calendar/events/v1` (no trailing slash). */
  namespaceURL: string
  /** The language prefix of page URLs (`/zh-hant`), empty in the site's default language. */
  pagePrefix: string
  /** IANA zone of the site: `date`/`modified` are written in it. */
  siteTimezone: string
  urls: UrlTemplates
  /** Currency symbol used for numeric costs that carry none (the original's site default). */
  defaultCurrencySymbol: string
  /** Position of that default symbol. */
  defaultCurrencyPosition: CurrencyPosition
}

export type EventView = {
  /** Single GETs (by id or slug) add `json_ld` to the event and to its embedded venue and organizers. */
  single: boolean
  /**
   * Password-protected and not unlocked: the protected fields are blanked
   * (test/fixtures/captures/events-by-slug-password-no-password.json).
   */
  blanked: boolean
  /** The occurrence of a recurring event shown: its own id, dates and address (docs/api.md#recurring-events). */
  occurrence?: OccurrenceDoc
}
