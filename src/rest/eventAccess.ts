import type { EventDoc } from '../serialize/types.js'
import type { RestCall } from './route.js'

import { verifyPassword } from '../password.js'

type Protected = Pick<EventDoc, 'author' | 'passwordProtected'> & { passwordHash?: string | null }

/** Publishers may edit every event, writers their own. */
export const mayEdit = (call: RestCall, doc: Pick<EventDoc, 'author'>): boolean =>
  call.options.access.publish({ req: call.req }) ||
  (call.options.access.write({ req: call.req }) && call.req.user != null && doc.author === call.req.user.id)

/**
 * A password-protected event is readable with its password, or with `context=edit` by someone who may edit it
 * (ORIGINAL §13).
 */
export async function unlocked(call: RestCall, doc: Protected, password?: string, context?: string) {
  if (!doc.passwordProtected) return true
  if (context === 'edit' && mayEdit(call, doc)) return true
  return password !== undefined && verifyPassword(password, doc.passwordHash)
}
