import type { Payload } from 'payload'

import { createLocalReq } from 'payload'

import type { Reader } from '../query/reader.js'
import type { SerializeContext } from '../core/model.js'

import { pluginOptionsOf } from '../core/options.js'
import { serializeContext } from '../serialize/context.js'

/** A page's reader (the visitor, with their access) and what its records are written with. */
export type Visit = Reader & { serialize: SerializeContext; draft: boolean }

/**
 * The visitor of a page as a reader: the user their cookie names, if any (a visitor without one is anonymous, and
 * is not looked up), in the page's language. Drafts show only in Payload's draft mode (`draftMode()` of Next.js),
 * and then only to users who may read them.
 */
export async function visitorOf(
  payload: Payload,
  { locale, headers, draft }: { locale: string; headers: Headers; draft: boolean },
): Promise<Visit> {
  const options = pluginOptionsOf(payload.config)
  if (!options) throw new Error('the calendar plugin is not in this Payload config')
  const signedIn = headers.get('cookie')?.includes(`${payload.config.cookiePrefix}-token=`)
  const user = signedIn ? (await payload.auth({ headers })).user : null
  const req = await createLocalReq(
    { user: user ?? undefined, locale: locale as never, req: { headers } },
    payload,
  )
  return {
    req,
    locale,
    options,
    serialize: serializeContext(req, options, locale),
    draft: draft && Boolean(user),
  }
}
