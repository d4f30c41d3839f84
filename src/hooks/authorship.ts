import type { CollectionBeforeChangeHook, CollectionSlug } from 'payload'

import type { CalendarAccessRules } from '../core/options.js'

const NEEDS_PUBLISH_RIGHT = new Set(['publish', 'future', 'private'])

/**
 * Fills the author and publication date, and applies the original's "scale back status" rule: a user who may
 * write but not publish can only save `draft` or `pending`, and cannot hand a record to another author.
 * Moving a record to the trash or out of it keeps its status. Calls without a user (scripts, seeding) are
 * trusted as they are.
 */
export const authorship =
  (rules: CalendarAccessRules, usersSlug: CollectionSlug): CollectionBeforeChangeHook =>
  ({ data, operation, originalDoc, req }) => {
    const user = req.user
    const trashMove =
      'deletedAt' in data && Boolean(data.deletedAt) !== Boolean(originalDoc?.deletedAt)
    if (user && !rules.publish({ req })) {
      if (NEEDS_PUBLISH_RIGHT.has(data.status) && !trashMove) data.status = 'pending'
      if (operation === 'create') data.author = user.collection === usersSlug ? user.id : undefined
      else data.author = originalDoc?.author
    } else if (operation === 'create' && data.author == null && user?.collection === usersSlug) {
      data.author = user.id
    }
    const status = data.status ?? originalDoc?.status
    if (
      (status === 'publish' || status === 'future') &&
      !data.publishedAt &&
      !originalDoc?.publishedAt
    ) {
      data.publishedAt = new Date().toISOString()
    }
    return data
  }
