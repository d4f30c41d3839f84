import type { TypedLocale } from 'payload'

import type { RestCall } from './route.js'

/**
 * Options every Local API call made for a request carries: the caller's user with access checks on, the caller's
 * locale, and depth 0 (related records are loaded in batches, never populated one by one).
 */
export const asCaller = (call: Pick<RestCall, 'locale' | 'req'>) =>
  ({
    req: call.req,
    user: call.req.user,
    overrideAccess: false,
    // Locale codes are the host's, checked at run time against its localization config.
    locale: call.locale as TypedLocale,
    depth: 0,
  }) as const
