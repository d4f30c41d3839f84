import type { PayloadRequest, TypedLocale } from 'payload'

import type { ResolvedCalendarOptions } from '../core/options.js'

/**
 * Who reads and in which language: the request (its user, its transaction), the Payload locale of the answer, and
 * the plugin's options. A REST call, a page of the site and an admin view each are one.
 */
export type Reader = {
  req: PayloadRequest
  /** The Payload locale to read in. */
  locale: string
  options: ResolvedCalendarOptions
}

/**
 * Options every Local API call made for a reader carries: its user with access checks on, its locale, and depth 0
 * (related records are loaded in batches, never populated one by one).
 */
export const asCaller = (reader: Pick<Reader, 'locale' | 'req'>) =>
  ({
    req: reader.req,
    user: reader.req.user,
    overrideAccess: false,
    // Locale codes are the host's, checked at run time against its localization config.
    locale: reader.locale as TypedLocale,
    depth: 0,
  }) as const
