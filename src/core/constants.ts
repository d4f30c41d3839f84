/** How the calendar names itself to the sites it reads from (image downloads, imports). */
export const USER_AGENT = 'payload-events-calendar/0.1'

/** The REST namespace, mounted under the Payload API route (`/api`). */
export const NAMESPACE = 'calendar/events/v1'

/** Where the namespace also answers, under the API route, with the `wordpressPaths` option: the original's path. */
export const WORDPRESS_NAMESPACE = 'wp-json/tribe/events/v1'

export const DEFAULT_LOCALES = ['zh-hans', 'zh-hant', 'en'] as const
export const DEFAULT_LOCALE = 'en'

export const LOCALE_LABELS: Record<string, string> = {
  en: 'English',
  'zh-hans': '简体中文',
  'zh-hant': '繁體中文',
}

export const DEFAULT_SITE_TIMEZONE = 'UTC'

export const DEFAULT_PER_PAGE = 10
export const MAX_PER_PAGE = 50

/** Request limits: body bytes (413), query string characters (414), `search` characters and list items (400). */
export const MAX_BODY_BYTES = 1024 * 1024
export const MAX_QUERY_LENGTH = 4096
export const MAX_SEARCH_LENGTH = 200
export const MAX_LIST_ITEMS = 100

export const DEFAULT_GEO_RADIUS_KM = 50

/** How long anonymous responses may be reused (CDN `s-maxage`, and the project's server's response cache). */
export const DEFAULT_CACHE_MAX_AGE_SECONDS = 10
/** Memory the project's server may spend on cached responses. */
export const DEFAULT_CACHE_MAX_BYTES = 64 * 1024 * 1024

/** iCalendar feeds: the window of a feed without date filters, its size limit, and its name in calendar apps. */
export const DEFAULT_ICAL = {
  pastDays: 30,
  futureDays: 365,
  maxEvents: 1000,
  refreshMinutes: 60,
  names: { en: 'Events', 'zh-hans': '活动', 'zh-hant': '活動' } as Record<string, string>,
}

/** How far ahead recurring series are kept as occurrences, and how many one series may have. */
export const DEFAULT_RECURRENCE = {
  horizonMonths: 60,
  maxOccurrences: 1000,
  /** Every night at 03:15, server time. */
  schedule: '15 3 * * *' as string | false,
  autoRun: true,
}

/** The events' column of all their text in every language, which `search` matches and the search indexes index. */
export const SEARCH_TEXT_FIELD = 'searchText'

/** The global that holds the calendar's change stamp: a new value after every write to the calendar. */
export const CACHE_STAMP_GLOBAL = 'calendar-change-stamp'

export const DEFAULT_COLLECTION_SLUGS = {
  events: 'events',
  venues: 'venues',
  organizers: 'organizers',
  categories: 'event-categories',
  tags: 'event-tags',
  occurrences: 'event-occurrences',
  occurrenceCounts: 'event-occurrence-counts',
  media: 'media',
  applicationPasswords: 'application-passwords',
} as const

/** Publication states of events, venues and organizers, as the original API names them. */
export const POST_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const
export type PostStatus = (typeof POST_STATUSES)[number]

export const ROLES = ['admin', 'editor', 'author', 'subscriber'] as const
export type Role = (typeof ROLES)[number]

/** Public page URL templates; `{serverURL}`, `{slug}`, `{id}` and `{path}` (category ancestry) are filled in. */
export const DEFAULT_URL_TEMPLATES = {
  events: '{serverURL}/events/',
  event: '{serverURL}/event/{slug}/',
  venue: '{serverURL}/venue/{slug}/',
  organizer: '{serverURL}/organizer/{slug}/',
  category: '{serverURL}/events/category/{path}/',
  tag: '{serverURL}/events/tag/{slug}/',
}

/** Where a currency symbol goes around a number: `$10` (prefix) or `10€` (postfix). */
export const CURRENCY_POSITIONS = ['prefix', 'postfix'] as const
export type CurrencyPosition = (typeof CURRENCY_POSITIONS)[number]

/** The calendar pages of the site (src/site/): what `/events/` shows, and the first day of a week in each language. */
export const DEFAULT_PAGES = {
  defaultView: 'list' as 'list' | 'month',
  /** The calendar pages of the site (src/site/): what `/events/` shows, and the first day of a week by language. */
  weekStartsOn: { en: 0, 'zh-hans': 1, 'zh-hant': 0 } as Record<string, 0 | 1>,
  /** Events a page of the list view shows. */
  perPage: 10,
  /** The route a site's calendar page file sits at, where the proxy sends the calendar's addresses. */
  route: '/calendar-pages',
}
