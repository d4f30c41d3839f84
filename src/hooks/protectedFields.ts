import type { CollectionAfterReadHook } from 'payload'

import type { CalendarAccessRules } from '../core/options.js'

import { mayEditAuthored } from '../core/access.js'
import { markNamespaceReadHook } from '../database/sql/readHooks.js'

/**
 * Set on the requests the namespace serves: it applies the original's password rules itself
 * (docs/decisions.md#password-protected-events-outside-the-namespace).
 */
export const NAMESPACE_REQUEST = 'calendarNamespace'

/** What a password-protected event keeps hidden from those without its password. */
const PROTECTED = [
  'excerpt',
  'description',
  'image',
  'cost',
  'currencySymbol',
  'currencyCode',
  'website',
  'venue',
  'organizers',
  'categories',
  'tags',
]

/**
 * Payload's own REST API and the admin read events too: there a password-protected event shows its title and
 * dates but none of its protected content, except to those who may edit it.
 */
export function withoutProtectedFields(rules: CalendarAccessRules): CollectionAfterReadHook {
  const hook: CollectionAfterReadHook = ({ doc, req }) => {
    if (!doc.passwordProtected || req.context[NAMESPACE_REQUEST]) return doc
    const author = typeof doc.author === 'object' && doc.author ? doc.author.id : doc.author
    if (mayEditAuthored(rules, req, author)) return doc
    for (const field of PROTECTED) delete doc[field]
    return doc
  }
  return markNamespaceReadHook(hook)
}
