import type { CollectionSlug, Config } from 'payload'

import type { EventsCalendarOptions } from './types.js'

import { categoriesCollection } from '../collections/categories.js'
import { eventsCollection } from '../collections/events.js'
import { mediaCollection } from '../collections/media.js'
import { organizersCollection } from '../collections/organizers.js'
import { tagsCollection } from '../collections/tags.js'
import { venuesCollection } from '../collections/venues.js'
import { calendarEndpoints } from '../endpoints/index.js'
import { withMonthView } from './admin/monthViewConfig.js'
import { defaultLocalization, withCalendarI18n } from './localization.js'
import { resolveOptions } from './options.js'

export type { CalendarAccessRule, CalendarAccessRules, EventsCalendarOptions } from './types.js'
export { recountAllTerms } from './hooks/termCounts.js'
export { resolveOptions } from './options.js'

/**
 * Adds the events calendar to a Payload config: events, venues, organizers, event categories and event tags
 * (plus an image collection when the host has none), localized in the host's locales or in zh-hans, zh-hant
 * and en. With `disabled` the collections stay, so the schema is stable, and nothing else is added.
 */
export const eventsCalendarPlugin =
  (input: EventsCalendarOptions = {}) =>
  (config: Config): Config => {
    const options = resolveOptions(input)
    const existing = config.collections ?? []
    const usersSlug = (config.admin?.user ?? existing.find((collection) => collection.auth)?.slug ?? 'users') as CollectionSlug
    const collections = [
      ...existing,
      eventsCollection(options, usersSlug),
      venuesCollection(options, usersSlug),
      organizersCollection(options, usersSlug),
      categoriesCollection(options),
      tagsCollection(options),
    ]
    if (!existing.some((collection) => collection.slug === options.slugs.media)) {
      collections.push(mediaCollection(options))
    }
    const localization = config.localization || defaultLocalization(input)
    const withCollections = { ...config, collections, localization, i18n: withCalendarI18n(config.i18n) }
    if (options.disabled) return withCollections
    const admin = withMonthView(config.admin, options)
    const locales = localization.locales.map((locale) => (typeof locale === 'string' ? locale : locale.code))
    return { ...withCollections, admin, endpoints: [...(config.endpoints ?? []), ...calendarEndpoints(options, locales)] }
  }
