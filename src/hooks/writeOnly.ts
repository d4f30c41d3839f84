import type { CollectionAfterReadHook } from 'payload'

import { markNamespaceReadHook } from '../database/sql/readHooks.js'

/** Set in the `context` of a read that matches on write-only fields itself (a literal search). */
export const KEEP_WRITE_ONLY = 'keepWriteOnlyFields'

/**
 * Fields marked `custom: { writeOnly: true }` may be queried but no read returns them: the event search text
 * repeats every language's excerpt and description, password-protected ones included. (A field hook cannot hide
 * a value: Payload keeps the stored one when the hook returns nothing.)
 */
export const withoutWriteOnlyFields = markNamespaceReadHook<CollectionAfterReadHook>(
  ({ collection, context, doc }) => {
    if (context[KEEP_WRITE_ONLY]) return doc
    for (const field of collection.flattenedFields) {
      if ('name' in field && field.custom?.writeOnly) delete doc[field.name]
    }
    return doc
  },
)
