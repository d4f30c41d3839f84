import type { Where } from 'payload'

import type { EventDoc } from '../core/model.js'
import type { Reader } from './reader.js'

import { mayEditAuthored } from '../core/access.js'
import { verifyPassword } from '../core/password.js'

type Protected = Pick<EventDoc, 'author' | 'passwordProtected'> & { passwordHash?: string | null }

/** Publishers may edit every event, writers their own. */
export const mayEdit = (reader: Reader, doc: Pick<EventDoc, 'author'>): boolean =>
  mayEditAuthored(reader.options.access, reader.req, doc.author)

/**
 * A password-protected event is readable with its password, or with `context=edit` by someone who may edit it
 * (test/fixtures/captures/events-single-password-right-password-200.json).
 */
export async function unlocked(
  reader: Reader,
  doc: Protected,
  password?: string,
  context?: string,
) {
  if (!doc.passwordProtected) return true
  if (context === 'edit' && mayEdit(reader, doc)) return true
  return password !== undefined && verifyPassword(password, doc.passwordHash)
}

/**
 * Which password-protected events a `search` may match: only those the caller may edit, so their hidden words
 * cannot be probed one by one (the original leaves them all out for anonymous callers; docs/api.md#event-list-filters).
 */
export function searchableProtected(reader: Reader): Where[] {
  if (reader.options.access.publish({ req: reader.req })) return []
  const unprotected: Where = { passwordProtected: { not_equals: true } }
  if (!reader.req.user || !reader.options.access.write({ req: reader.req })) return [unprotected]
  return [{ or: [unprotected, { author: { equals: reader.req.user.id } }] }]
}
