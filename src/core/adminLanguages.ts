import type { Config, StaticLabel } from 'payload'

import { en } from '@payloadcms/translations/languages/en'
import { zh } from '@payloadcms/translations/languages/zh'
import { zhTw } from '@payloadcms/translations/languages/zhTw'

import { calendarTranslations } from './adminMessages.js'

/** A label or help text in the admin's three UI languages (`zh` is Simplified, `zh-TW` Traditional Chinese). */
export const t3 = (en: string, zhHans: string, zhHant: string): StaticLabel => ({
  en,
  zh: zhHans,
  'zh-TW': zhHant,
})

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
