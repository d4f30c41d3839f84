import type { CollectionSlug, Config, PayloadRequest, SanitizedConfig } from 'payload'

import type { CurrencyPosition } from './constants.js'

import { defaultAccessRules } from './access.js'
import {
  DEFAULT_CACHE_MAX_AGE_SECONDS,
  DEFAULT_CACHE_MAX_BYTES,
  DEFAULT_COLLECTION_SLUGS,
  DEFAULT_GEO_RADIUS_KM,
  DEFAULT_ICAL,
  DEFAULT_LOCALE,
  DEFAULT_LOCALES,
  DEFAULT_PAGES,
  DEFAULT_PER_PAGE,
  DEFAULT_RECURRENCE,
  DEFAULT_SITE_TIMEZONE,
  DEFAULT_URL_TEMPLATES,
  MAX_BODY_BYTES,
  MAX_LIST_ITEMS,
  MAX_PER_PAGE,
  MAX_QUERY_LENGTH,
  MAX_SEARCH_LENGTH,
} from './constants.js'
import {
  type ChineseConversionOption,
  type ChineseScripts,
  resolveChineseConversion,
} from './chineseScripts.js'
import { isValidTimezone } from './timezones.js'

export type CollectionKey = keyof typeof DEFAULT_COLLECTION_SLUGS
export type UrlTemplates = typeof DEFAULT_URL_TEMPLATES

/** Decides one capability for the user of a request. */
export type CalendarAccessRule = (args: { req: PayloadRequest }) => boolean

export type CalendarAccessRules = {
  /**
   * May see events, venues and organizers in every state (draft, pending, private, future), not only `publish`.
   * @default users with role `admin` or `editor`, or any logged-in user when the auth collection has no `role` field
   */
  readDrafts: CalendarAccessRule
  /**
   * May create events, venues and organizers (and terms named in an event) and edit or trash their own
   * (authors). Without `publish`, what they save is scaled back to `pending`/`draft`.
   * @default users with role `admin`, `editor` or `author`, or any logged-in user when there is no `role` field
   */
  write: CalendarAccessRule
  /**
   * May publish, edit or delete records of other users, and create, change or delete categories and tags.
   * @default users with role `admin` or `editor`, or any logged-in user when there is no `role` field
   */
  publish: CalendarAccessRule
  /**
   * May see and revoke the application passwords of every user, and create them for any user. Everyone else
   * manages only their own.
   * @default users with role `admin`, or any logged-in user when the auth collection has no `role` field
   */
  manageApplicationPasswords: CalendarAccessRule
}

export type EventsCalendarOptions = {
  /**
   * Locale codes used when the host config has no `localization`. When it has one, the plugin's localized fields
   * use the host's locales and this option is ignored.
   * @default ['zh-hans', 'zh-hant', 'en']
   */
  locales?: string[]
  /**
   * Default locale when the plugin supplies the localization config.
   * @default 'en'
   */
  defaultLocale?: string
  /**
   * IANA time zone of the site: the default zone of new events and of date filters without an offset.
   * @default 'UTC'
   */
  timezone?: string
  /**
   * Page size of list routes when `per_page` is not given.
   * @default 10
   */
  defaultPerPage?: number
  /**
   * Largest `per_page`; larger values are silently capped.
   * @default 50
   */
  maxPerPage?: number
  /**
   * Largest request body of a write, in bytes; a larger one is refused with `413 rest_request_too_large`.
   * @default 1048576 (1 MiB)
   */
  maxBodyBytes?: number
  /**
   * Longest query string, in characters as sent (percent-encoded); a longer one is refused with
   * `414 rest_query_too_long` before anything else is checked.
   * @default 4096
   */
  maxQueryLength?: number
  /**
   * Longest `search` of a list, in characters; a longer one is `400 rest_invalid_param`.
   * @default 200
   */
  maxSearchLength?: number
  /**
   * Most items of a list parameter (`categories`, `tags`, `venue`, `organizer`, `include`, `exclude`, `slug`, and
   * the linked records of an event write); more are `400 rest_invalid_param`.
   * @default 100
   */
  maxListItems?: number
  /**
   * Templates of the public page URLs returned as `url`, where the site's calendar pages answer (src/site/).
   * Placeholders: `{serverURL}`, `{slug}`, `{id}`, and `{path}` (category ancestry, e.g. `music/jazz`). `events` is
   * the archive's base, under which the list, month and day views answer (`/events/list/`, `/events/month/2027-03/`).
   * @default { events: '{serverURL}/events/', event: '{serverURL}/event/{slug}/', venue: '{serverURL}/venue/{slug}/',
   *   organizer: '{serverURL}/organizer/{slug}/', category: '{serverURL}/events/category/{path}/',
   *   tag: '{serverURL}/events/tag/{slug}/' }
   */
  urls?: Partial<UrlTemplates>
  /** The calendar pages of the site (README, "Show the calendar on your site"). */
  pages?: {
    /**
     * What the archive's bare address (`/events/`) shows: the list of upcoming events or this month.
     * @default 'list'
     */
    defaultView?: 'list' | 'month'
    /**
     * The first day of the week of the month view, per content locale: 0 Sunday, 1 Monday.
     * @default { en: 0, 'zh-hans': 1, 'zh-hant': 0 }, others 1
     */
    weekStartsOn?: Record<string, 0 | 1>
    /**
     * Events per page of the list view.
     * @default 10
     */
    perPage?: number
    /**
     * The route of the site's calendar page file (`app/(frontend)/calendar-pages/[[...path]]/page.tsx`), where the
     * proxy serves the calendar's addresses from.
     * @default '/calendar-pages'
     */
    route?: string
    /**
     * The route of the site's preview file (`app/(frontend)/calendar-preview/route.ts`), which turns Next.js's draft
     * mode on for a signed-in user and opens a page: the admin's Preview button of events, venues and organizers
     * opens a record's page through it, drafts included. Unset, the admin has no Preview button for them.
     */
    preview?: string
  }
  /**
   * Who may read drafts, write and publish. Each rule not given keeps its default.
   */
  access?: Partial<CalendarAccessRules>
  /**
   * Collection slugs, to avoid clashes with the host's collections. `media` is used as the image collection;
   * the plugin adds a minimal upload collection with that slug when the host has none.
   * @default { events: 'events', venues: 'venues', organizers: 'organizers', categories: 'event-categories',
   *   tags: 'event-tags', occurrences: 'event-occurrences', occurrenceCounts: 'event-occurrence-counts',
   *   media: 'media', applicationPasswords: 'application-passwords' }
   */
  slugs?: Partial<Record<CollectionKey, string>>
  /**
   * Currency symbol and its position for numeric costs that name no currency (`10 - 20` → `$10 – $20`).
   * @default { symbol: '$', position: 'prefix' }
   */
  currency?: { symbol?: string; position?: CurrencyPosition }
  /**
   * Radius of the `geoloc_lat`/`geoloc_lng` event filter, in kilometres.
   * @default 50
   */
  geoRadiusKm?: number
  /**
   * Hosts an event, venue or organizer `image` URL may be imported from (`host` or `host:port`; a bare IP address
   * allows every port of it). None by default: image URLs are refused.
   * @default []
   */
  imageHosts?: string[]
  /**
   * Reuse of anonymous GET responses of the namespace, which only ever show published records. They carry an
   * `ETag` (answered with `304 Not Modified`) and `Cache-Control: public, max-age=0, s-maxage=<maxAgeSeconds>` so a
   * CDN may keep them that long; the project's own server keeps them in memory until the calendar changes (any
   * server process sharing the database) or `maxAgeSeconds` pass. `false` sends `no-cache` and caches nothing.
   * @default { maxAgeSeconds: 10, maxBytes: 67108864 }
   */
  cache?: false | { maxAgeSeconds?: number; maxBytes?: number }
  /**
   * Behind a reverse proxy that sets `X-Forwarded-Host` and `X-Forwarded-Proto` (and drops any a client sent):
   * the absolute URLs of answers name the address those headers report instead of `serverURL`. Off, they are
   * ignored, as is the request's `Host`: anyone can send them.
   * @default false
   */
  trustProxy?: boolean
  /**
   * Also serves the namespace at the original's paths, `{server}/wp-json/tribe/events/v1/...` and
   * `{server}/?rest_route=/tribe/events/v1/...`, so clients that build them from a site's address work unchanged.
   * A Next.js site also needs the plugin's proxy (`payload-events-calendar/next`), which `npm start` has built in.
   * @default false
   */
  wordpressPaths?: boolean
  /**
   * iCalendar answers of the events routes (`Accept: text/calendar` or `ical=1`). A list without date filters
   * covers `pastDays` back to `futureDays` ahead; at most `maxEvents` events, soonest first. `name` is the
   * calendar's name in apps (`X-WR-CALNAME`), one for all languages or one per locale; `refreshMinutes` how often
   * subscribers fetch the feed again.
   * @default { pastDays: 30, futureDays: 365, maxEvents: 1000, refreshMinutes: 60, name: { en: 'Events', 'zh-hans':
   * '活动', 'zh-hant': '活動' } }
   */
  ical?: {
    pastDays?: number
    futureDays?: number
    maxEvents?: number
    refreshMinutes?: number
    name?: string | Record<string, string>
  }
  /**
   * Recurring events: how many months ahead a series without end is kept as occurrences, and the most occurrences
   * one series may have (ahead of now, for a series without end). A job of Payload's jobs queue moves the horizon
   * forward, on `schedule` (a cron expression; `false`: never); with `autoRun` this process runs it (a long-running
   * server; a serverless host sets it false and runs Payload's jobs from its own cron).
   * @default { horizonMonths: 60, maxOccurrences: 1000, schedule: '15 3 * * *', autoRun: true }
   */
  recurrence?: {
    horizonMonths?: number
    maxOccurrences?: number
    schedule?: string | false
    autoRun?: boolean
  }
  /**
   * Keeps the site's Simplified and Traditional Chinese locales in step (docs/api.md#chinese-in-two-scripts): text
   * written in one fills the other with OpenCC's conversion until an editor writes that one's own, and `search`
   * finds a record in either script. Read from the locale codes unless given: Simplified `zh-hans`, `zh-CN`,
   * `zh-SG`; Traditional `zh-hant` and `zh-TW` in Taiwan's standard characters (`tw`), `zh-HK` and `zh-MO` in Hong
   * Kong's (`hk`). `twp` adds Taiwan's words (软件 → 軟體), `t` is OpenCC's reference characters. `false`: off.
   * @default from the locale codes
   */
  chineseConversion?: ChineseConversionOption
  /**
   * Keeps what the database schema is made of, so the same migrations serve the site: the collections, the
   * change-stamp global and the indexes the plugin adds (with Postgres's `pg_trgm` extension), plus the content
   * locales and admin labels they need. Adds nothing else: no endpoints, hooks, admin views or HTTP Basic, and the
   * database adapter runs as the site configured it (its own transactions, pool and timeouts).
   * @default false
   */
  disabled?: boolean
}

/** Options with every default filled in. */
export type ResolvedCalendarOptions = {
  timezone: string
  defaultPerPage: number
  maxPerPage: number
  maxBodyBytes: number
  maxQueryLength: number
  maxSearchLength: number
  maxListItems: number
  urls: UrlTemplates
  pages: {
    defaultView: 'list' | 'month'
    weekStartsOn: Record<string, 0 | 1>
    perPage: number
    route: string
    preview?: string
  }
  access: CalendarAccessRules
  slugs: Record<CollectionKey, CollectionSlug>
  currency: { symbol: string; position: CurrencyPosition }
  geoRadiusKm: number
  imageHosts: string[]
  cache: false | { maxAgeSeconds: number; maxBytes: number }
  trustProxy: boolean
  wordpressPaths: boolean
  ical: {
    pastDays: number
    futureDays: number
    maxEvents: number
    refreshMinutes: number
    names: Record<string, string>
  }
  recurrence: {
    horizonMonths: number
    maxOccurrences: number
    schedule: string | false
    autoRun: boolean
  }
  /** The Chinese locales kept in step, or false. */
  chinese: ChineseScripts | false
  disabled: boolean
}

/** The options with every default filled in, for a site with content locales `locales`. */
export function resolveOptions(
  input: EventsCalendarOptions,
  locales: string[] = [...DEFAULT_LOCALES],
): ResolvedCalendarOptions {
  const timezone = input.timezone ?? DEFAULT_SITE_TIMEZONE
  if (!isValidTimezone(timezone))
    throw new Error(`eventsCalendarPlugin: unknown time zone "${timezone}"`)
  const maxPerPage = input.maxPerPage ?? MAX_PER_PAGE
  const defaultPerPage = Math.min(input.defaultPerPage ?? DEFAULT_PER_PAGE, maxPerPage)
  if (!(defaultPerPage >= 1)) throw new Error('eventsCalendarPlugin: page sizes must be at least 1')
  const limits = {
    maxBodyBytes: input.maxBodyBytes ?? MAX_BODY_BYTES,
    maxQueryLength: input.maxQueryLength ?? MAX_QUERY_LENGTH,
    maxSearchLength: input.maxSearchLength ?? MAX_SEARCH_LENGTH,
    maxListItems: input.maxListItems ?? MAX_LIST_ITEMS,
  }
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`eventsCalendarPlugin: ${name} must be a positive integer`)
  }
  const { horizonMonths, maxOccurrences } = input.recurrence ?? {}
  for (const [name, value] of Object.entries({ horizonMonths, maxOccurrences })) {
    if (value !== undefined && (!Number.isInteger(value) || value < 1))
      throw new Error(`eventsCalendarPlugin: recurrence.${name} must be a positive integer`)
  }
  for (const [name, value] of Object.entries(input.ical ?? {})) {
    if (name !== 'name' && (!Number.isInteger(value) || (value as number) < 0)) {
      throw new Error(`eventsCalendarPlugin: ical.${name} must be a whole number, 0 or more`)
    }
  }
  return {
    timezone,
    defaultPerPage,
    maxPerPage,
    ...limits,
    urls: { ...DEFAULT_URL_TEMPLATES, ...input.urls },
    pages: {
      ...DEFAULT_PAGES,
      ...input.pages,
      weekStartsOn: { ...DEFAULT_PAGES.weekStartsOn, ...input.pages?.weekStartsOn },
    },
    access: { ...defaultAccessRules, ...input.access },
    // Slugs are the host's choice, so they cannot be checked against its generated CollectionSlug union.
    slugs: { ...DEFAULT_COLLECTION_SLUGS, ...input.slugs } as Record<CollectionKey, CollectionSlug>,
    currency: {
      symbol: input.currency?.symbol ?? '$',
      position: input.currency?.position ?? 'prefix',
    },
    geoRadiusKm: input.geoRadiusKm ?? DEFAULT_GEO_RADIUS_KM,
    imageHosts: input.imageHosts ?? [],
    cache:
      input.cache === false
        ? false
        : {
            maxAgeSeconds: input.cache?.maxAgeSeconds ?? DEFAULT_CACHE_MAX_AGE_SECONDS,
            maxBytes: input.cache?.maxBytes ?? DEFAULT_CACHE_MAX_BYTES,
          },
    trustProxy: input.trustProxy ?? false,
    wordpressPaths: input.wordpressPaths ?? false,
    ical: {
      pastDays: input.ical?.pastDays ?? DEFAULT_ICAL.pastDays,
      futureDays: input.ical?.futureDays ?? DEFAULT_ICAL.futureDays,
      maxEvents: input.ical?.maxEvents ?? DEFAULT_ICAL.maxEvents,
      refreshMinutes: input.ical?.refreshMinutes ?? DEFAULT_ICAL.refreshMinutes,
      names:
        typeof input.ical?.name === 'string'
          ? { [DEFAULT_LOCALE]: input.ical.name }
          : { ...DEFAULT_ICAL.names, ...input.ical?.name },
    },
    recurrence: { ...DEFAULT_RECURRENCE, ...input.recurrence },
    chinese: resolveChineseConversion(input.chineseConversion, locales),
    disabled: input.disabled ?? false,
  }
}

/** Where the plugin leaves its resolved options in the host's config (server-side `custom`). */
const KEY = 'eventsCalendar'

export const withPluginOptions = (
  custom: Config['custom'],
  options: ResolvedCalendarOptions,
): Config['custom'] => ({
  ...custom,
  [KEY]: options,
})

/** The calendar plugin's options in a config it was added to, or undefined. */
export const pluginOptionsOf = (
  config: Pick<SanitizedConfig, 'custom'>,
): ResolvedCalendarOptions | undefined =>
  config.custom?.[KEY] as ResolvedCalendarOptions | undefined
