import type { PayloadRequest } from 'payload'

import { invalidParam } from './errors.js'

/** The content locale: `ml_language` (which a language prefix becomes, see `requestPath.ts`), else the default. */
export function resolveLocale(req: PayloadRequest, requested: unknown): string {
  const localization = req.payload.config.localization
  if (!localization) return 'en'
  if (requested === undefined) return localization.defaultLocale
  if (typeof requested !== 'string' || !localization.localeCodes.includes(requested))
    throw invalidParam('ml_language')
  return requested
}
