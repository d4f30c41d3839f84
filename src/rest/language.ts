import type { PayloadRequest } from 'payload'

import { invalidParam } from './errors.js'

/** Set by the server when a request came in under a language prefix (`/zh-hant/api/...`). */
export const LANGUAGE_PREFIX_HEADER = 'x-calendar-language-prefix'

/** The content locale: `ml_language` wins over the prefix; without either, the default locale. */
export function resolveLocale(req: PayloadRequest, requested: unknown): string {
  const localization = req.payload.config.localization
  if (!localization) return 'en'
  const prefix = req.headers.get(LANGUAGE_PREFIX_HEADER)
  const language = requested ?? prefix ?? undefined
  if (language === undefined) return localization.defaultLocale
  if (typeof language !== 'string' || !localization.localeCodes.includes(language)) throw invalidParam('ml_language')
  return language
}
