import type { Config, LocalizationConfig } from 'payload'

import { en } from '@payloadcms/translations/languages/en'
import { zh } from '@payloadcms/translations/languages/zh'
import { zhTw } from '@payloadcms/translations/languages/zhTw'

import type { EventsCalendarOptions } from './types.js'

import { DEFAULT_LOCALE, DEFAULT_LOCALES, LOCALE_LABELS } from './defaults.js'
import { calendarTranslations } from './translations.js'

/**
 * Content locales for a host without a localization config. An untranslated field falls back to the default
 * locale, then to the others in order, so a record written in any one language reads in all of them.
 */
export function defaultLocalization(input: EventsCalendarOptions): LocalizationConfig {
  const locales = input.locales ?? [...DEFAULT_LOCALES]
  const defaultLocale = input.defaultLocale ?? DEFAULT_LOCALE
  if (!locales.includes(defaultLocale)) {
    throw new Error(`eventsCalendarPlugin: default locale "${defaultLocale}" is not one of the locales`)
  }
  const byPreference = [defaultLocale, ...locales.filter((code) => code !== defaultLocale)]
  return {
    locales: locales.map((code) => ({
      code,
      label: LOCALE_LABELS[code] ?? code,
      fallbackLocale: byPreference.filter((other) => other !== code),
    })),
    defaultLocale,
    fallback: true,
  }
}

/**
 * Admin UI languages: the host's choice when it made one, else English, Simplified and Traditional Chinese.
 * The plugin's own messages are merged into whatever languages there are.
 */
export function withCalendarI18n(i18n: Config['i18n']): NonNullable<Config['i18n']> {
  const supportedLanguages = i18n?.supportedLanguages ?? { en, zh, 'zh-TW': zhTw }
  const translations: Record<string, unknown> = { ...i18n?.translations }
  for (const [language, messages] of Object.entries(calendarTranslations)) {
    const existing = (translations[language] ?? {}) as Record<string, unknown>
    translations[language] = { ...existing, ...messages }
  }
  return { ...i18n, supportedLanguages, translations } as NonNullable<Config['i18n']>
}
