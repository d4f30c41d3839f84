import type { CollectionConfig, CollectionSlug, Config } from 'payload'

import type { EventsCalendarOptions } from './core/options.js'

import { applicationPasswordsCollection } from '../collections/applicationPasswords.js'
import { categoriesCollection } from '../collections/categories.js'
import { eventsCollection } from '../collections/events.js'
import { mediaCollection } from '../collections/media.js'
import { occurrenceCountsCollection } from '../collections/occurrenceCounts.js'
import { occurrencesCollection } from '../collections/occurrences.js'
import { organizersCollection } from '../collections/organizers.js'
import { tagsCollection } from '../collections/tags.js'
import { venuesCollection } from '../collections/venues.js'
import { calendarEndpoints } from '../endpoints/index.js'
import { withMonthView } from './admin/monthViewConfig.js'
import { chineseScriptsAdmin, withConvertedMarks } from './admin/chineseScriptsAdmin.js'
import { hasChineseScripts, withChineseInStep } from './fields/chineseConversions.js'
import { chineseActions } from './rest/chineseActions.js'
import { watchAuthReads } from './auth/authReads.js'
import { authenticateOnPrimary } from './auth/primaryAuthentication.js'
import { withApplicationPasswords } from './auth/usersCollection.js'
import { withCalendarJobs } from './hooks/occurrenceHorizon.js'
import { changeStampGlobal, withChangeStamp } from './database/changeStamp.js'
import { isSqlAdapter } from './database/adapter.js'
import { withCalendarSafeguards } from './database/safeguards.js'
import { withNumberedIds } from './hooks/numberedIds.js'
import { prepareCalendarDatabase } from './database/startup.js'
import { withCalendarI18n } from './core/adminLanguages.js'
import { defaultLocalization } from './core/contentLocales.js'
import { lackedBy, payloadHas, payloadVersion, reportOlderPayload } from './core/payloadFeatures.js'
import { resolveOptions, withPluginOptions } from './core/options.js'
import { reportUnfillableMediaFields } from './media/mediaFields.js'
import { unavailableAfterError } from './rest/errors.js'
import { reportSiteURL } from './serialize/siteURL.js'

/**
 * Adds the events calendar to a Payload config: events, venues, organizers, event categories and event tags
 * (plus an image collection when the host has none) and application passwords for the host's users, localized
 * in the host's locales or in zh-hans, zh-hant and en, with the indexes and safeguards its guarantees need built
 * into the host's database adapter. With `disabled` the collections and indexes stay, so the schema is stable, and
 * nothing else is added.
 */
export const eventsCalendarPlugin =
  (input: EventsCalendarOptions = {}) =>
  (config: Config): Config => {
    const version = payloadVersion()
    const fallbackChains = payloadHas('fallbackChains', version)
    const localization = config.localization || defaultLocalization(input, fallbackChains)
    const locales = localization.locales.map((locale) =>
      typeof locale === 'string' ? locale : locale.code,
    )
    const options = resolveOptions(input, locales)
    // Only the locales the plugin makes have chains, and only three or more make one longer than a locale.
    const lacking = lackedBy(version).filter(
      (feature) => feature !== 'fallbackChains' || (!config.localization && locales.length > 2),
    )
    const existing = config.collections ?? []
    const usersSlug = (config.admin?.user ??
      existing.find((collection) => collection.auth)?.slug ??
      'users') as CollectionSlug
    const own = [
      eventsCollection(options, usersSlug),
      venuesCollection(options, usersSlug),
      organizersCollection(options, usersSlug),
      categoriesCollection(options),
      tagsCollection(options),
      occurrencesCollection(options),
      occurrenceCountsCollection(options),
    ].map((collection) =>
      withChineseInStep(
        withConvertedMarks(collection, options),
        options.disabled ? false : options.chinese,
        chineseScriptsAdmin(collection, options),
      ),
    )
    const hostMedia = existing.find((collection) => collection.slug === options.slugs.media)
    if (!hostMedia) own.push(mediaCollection(options))
    // The original's integer ids also on a database whose records have ids of another kind (MongoDB).
    const calendarSlugs = new Set(own.map((collection) => collection.slug))
    const calendar = isSqlAdapter(config.db)
      ? own
      : own.map((collection) => withNumberedIds(collection, calendarSlugs))
    const schema: Config = {
      ...config,
      collections: [...existing, ...calendar, applicationPasswordsCollection(options, usersSlug)],
      globals: [...(config.globals ?? []), changeStampGlobal],
      localization,
      i18n: withCalendarI18n(config.i18n),
      custom: withPluginOptions(config.custom, options),
      jobs: withCalendarJobs(config.jobs, options, !options.disabled),
      db: withCalendarSafeguards(
        config.db,
        options,
        calendar.map((collection) => collection.slug),
      ),
    }
    if (options.disabled) return schema
    const stamped = (collection: CollectionConfig) =>
      calendar.includes(collection) || collection === hostMedia
        ? withChangeStamp(collection)
        : collection
    const passwords = options.slugs.applicationPasswords
    const withPasswords = (collection: CollectionConfig) =>
      collection.slug === usersSlug ? withApplicationPasswords(collection, passwords) : collection
    const withChineseActions = (collection: CollectionConfig) =>
      options.chinese && calendarSlugs.has(collection.slug) && hasChineseScripts(collection)
        ? {
            ...collection,
            endpoints: [
              ...(collection.endpoints || []),
              chineseActions(collection, options.chinese),
            ],
          }
        : collection
    return {
      ...schema,
      collections: schema.collections!.map(stamped).map(withPasswords).map(withChineseActions),
      admin: withMonthView(config.admin, options),
      endpoints: [...(config.endpoints ?? []), ...calendarEndpoints(options, locales)],
      hooks: {
        ...config.hooks,
        afterError: [...(config.hooks?.afterError ?? []), unavailableAfterError],
      },
      onInit: async (payload) => {
        await config.onInit?.(payload)
        authenticateOnPrimary(payload)
        watchAuthReads(payload)
        reportOlderPayload(payload, lacking, version)
        reportSiteURL(payload, options)
        reportUnfillableMediaFields(payload, options.slugs.media)
        await prepareCalendarDatabase(payload)
      },
    }
  }
