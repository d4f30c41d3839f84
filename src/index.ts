import type { CollectionConfig, CollectionSlug, Config } from 'payload'

import type { EventsCalendarOptions } from './types.js'

import { categoriesCollection } from '../collections/categories.js'
import { eventsCollection } from '../collections/events.js'
import { mediaCollection } from '../collections/media.js'
import { organizersCollection } from '../collections/organizers.js'
import { tagsCollection } from '../collections/tags.js'
import { venuesCollection } from '../collections/venues.js'
import { calendarEndpoints } from '../endpoints/index.js'
import { withMonthView } from './admin/monthViewConfig.js'
import { changeStampGlobal, ensureChangeStamp, withChangeStamp } from './cache/changeStamp.js'
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
    const calendar = [
      eventsCollection(options, usersSlug),
      venuesCollection(options, usersSlug),
      organizersCollection(options, usersSlug),
      categoriesCollection(options),
      tagsCollection(options),
    ]
    const hostMedia = existing.find((collection) => collection.slug === options.slugs.media)
    if (!hostMedia) calendar.push(mediaCollection(options))
    const localization = config.localization || defaultLocalization(input)
    const schema = {
      ...config,
      collections: [...existing, ...calendar],
      globals: [...(config.globals ?? []), changeStampGlobal],
      localization,
      i18n: withCalendarI18n(config.i18n),
    }
    if (options.disabled) return schema
    const stamped = (collection: CollectionConfig) =>
      calendar.includes(collection) || collection === hostMedia ? withChangeStamp(collection) : collection
    const admin = withMonthView(config.admin, options)
    const locales = localization.locales.map((locale) => (typeof locale === 'string' ? locale : locale.code))
    return {
      ...schema,
      collections: schema.collections.map(stamped),
      admin,
      custom: { ...config.custom, eventsCalendar: { cache: options.cache } },
      endpoints: [...(config.endpoints ?? []), ...calendarEndpoints(options, locales)],
      onInit: async (payload) => {
        await config.onInit?.(payload)
        // Before the migrations ran the table is missing; the host's boot makes the row once they have.
        await ensureChangeStamp(payload).catch(() => undefined)
      },
    }
  }
