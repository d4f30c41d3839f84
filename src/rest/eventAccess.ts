import type { Where } from 'payload'

import type { EventDoc } from '../core/model.js'
import type { RestCall } from './route.js'

import { mayEditAuthored } from '../core/access.js'
import { verifyPassword } from '../core/password.js'

type Protected = Pick<EventDoc, 'author' | 'passwordProtected'> & { passwordHash?: string | null }

/** Publishers may edit every event, writers their own. */
export const mayEdit = (call: RestCall, doc: Pick<EventDoc, 'author'>): boolean =>
  mayEditAuthored(call.options.access, call.req, doc.author)

/**
 * A password-protected event is readable with its password, or with `context=edit` by someone who may edit it
 * (test/fixtures/captures/events-single-password-right-password-200.json).
 */
export async function unlocked(
  call: RestCall,
  doc: Protected,
  password?: string,
  context?: string,
) {
  if (!doc.passwordProtected) return true
  if (context === 'edit' && mayEdit(call, doc)) return true
  return password !== undefined && verifyPassword(password, doc.passwordHash)
}

/**
 * Which password-protected events a `search` may match: only those the caller may edit, so their hidden words
 * cannot be probed one by one (the original leaves them all out for anonymous callers; docs/api.md#event-list-filters).
 */
export function searchableProtected(call: RestCall): Where[] {
  if (call.options.access.publish({ req: call.req })) return []
  const unprotected: Where = { passwordProtected: { not_equals: true } }
  if (!call.req.user || !call.options.access.write({ req: call.req })) return [unprotected]
  return [{ or: [unprotected, { author: { equals: call.req.user.id } }] }]
}
