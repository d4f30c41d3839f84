import type { CollectionSlug } from 'payload'

import type { CollectionKey, EventsCalendarOptions, ResolvedCalendarOptions } from './types.js'

import { defaultAccessRules } from './access.js'
import {
  DEFAULT_CACHE_MAX_AGE_SECONDS,
  DEFAULT_CACHE_MAX_BYTES,
  DEFAULT_COLLECTION_SLUGS,
  DEFAULT_GEO_RADIUS_KM,
  DEFAULT_ICAL,
  DEFAULT_LOCALE,
  DEFAULT_PER_PAGE,
  DEFAULT_SITE_TIMEZONE,
  DEFAULT_URL_TEMPLATES,
  MAX_BODY_BYTES,
  MAX_LIST_ITEMS,
  MAX_PER_PAGE,
  MAX_QUERY_LENGTH,
  MAX_SEARCH_LENGTH,
} from './defaults.js'
import { isValidTimezone } from './timezones.js'

export function resolveOptions(input: EventsCalendarOptions): ResolvedCalendarOptions {
  const timezone = input.timezone ?? DEFAULT_SITE_TIMEZONE
  if (!isValidTimezone(timezone)) throw new Error(`eventsCalendarPlugin: unknown time zone "${timezone}"`)
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
    if (!Number.isInteger(value) || value < 1) throw new Error(`eventsCalendarPlugin: ${name} must be a positive integer`)
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
    access: { ...defaultAccessRules, ...input.access },
    // Slugs are the host's choice, so they cannot be checked against its generated CollectionSlug union.
    slugs: { ...DEFAULT_COLLECTION_SLUGS, ...input.slugs } as Record<CollectionKey, CollectionSlug>,
    currency: { symbol: input.currency?.symbol ?? '$', position: input.currency?.position ?? 'prefix' },
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
      names: typeof input.ical?.name === 'string' ? { [DEFAULT_LOCALE]: input.ical.name } : { ...DEFAULT_ICAL.names, ...input.ical?.name },
    },
    disabled: input.disabled ?? false,
  }
}
