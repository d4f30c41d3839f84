import type { LocalizationConfig } from 'payload'

import type { EventsCalendarOptions } from './options.js'

import { DEFAULT_LOCALE, DEFAULT_LOCALES, LOCALE_LABELS } from './constants.js'

/**
 * Content locales for a host without a localization config. An untranslated field falls back to the default
 * locale, then to the others in order, so a record written in any one language reads in all of them. Without
 * `fallbackChains` (a Payload before 3.60 reads a list of fallback locales as no fallback at all) each locale falls
 * back to the first of its chain only.
 */
export function defaultLocalization(
  input: EventsCalendarOptions,
  fallbackChains: boolean,
): LocalizationConfig {
  const locales = input.locales ?? [...DEFAULT_LOCALES]
  const defaultLocale = input.defaultLocale ?? DEFAULT_LOCALE
  if (!locales.includes(defaultLocale)) {
    throw new Error(
      `eventsCalendarPlugin: default locale "${defaultLocale}" is not one of the locales`,
    )
  }
  const byPreference = [defaultLocale, ...locales.filter((code) => code !== defaultLocale)]
  return {
    locales: locales.map((code) => ({
      code,
      label: LOCALE_LABELS[code] ?? code,
      fallbackLocale: fallbackChains
        ? byPreference.filter((other) => other !== code)
        : byPreference.find((other) => other !== code),
    })),
    defaultLocale,
    fallback: true,
  }
}
