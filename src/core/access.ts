import type { Access, PayloadRequest, Where } from 'payload'

import type { CalendarAccessRule, CalendarAccessRules } from './options.js'

import { type Role } from './constants.js'

/**
 * True when the request's user has one of the roles. A user of an auth collection without a `role` field is
 * trusted fully: that is the usual Payload site where every user is an administrator.
 */
const hasRole =
  (...roles: Role[]): CalendarAccessRule =>
  ({ req }) => {
    const user = req.user as (PayloadRequest['user'] & { role?: unknown }) | null
    if (!user) return false
    if (!('role' in user) || user.role == null) return true
    return roles.includes(user.role as Role)
  }

export const defaultAccessRules: CalendarAccessRules = {
  readDrafts: hasRole('admin', 'editor'),
  write: hasRole('admin', 'editor', 'author'),
  publish: hasRole('admin', 'editor'),
  manageApplicationPasswords: hasRole('admin'),
}

const ownedBy = (req: PayloadRequest): Where => ({ author: { equals: req.user?.id } })

/** Publishers may edit every authored record, writers their own. */
export const mayEditAuthored = (
  rules: CalendarAccessRules,
  req: PayloadRequest,
  author: unknown,
): boolean =>
  rules.publish({ req }) || (rules.write({ req }) && req.user != null && author === req.user.id)

/** Access of records that have an author and a publication status (events, venues, organizers). */
export const authoredAccess = (rules: CalendarAccessRules) => {
  const read: Access = ({ req }) => {
    if (rules.readDrafts({ req })) return true
    const published: Where = { status: { equals: 'publish' } }
    return req.user && rules.write({ req }) ? { or: [published, ownedBy(req)] } : published
  }
  const change: Access = ({ req }) => {
    if (rules.publish({ req })) return true
    return rules.write({ req }) ? ownedBy(req) : false
  }
  const create: Access = ({ req }) => rules.write({ req })
  return { read, create, update: change, delete: change }
}

/**
 * Access of the occurrences of events: read as their series is (`series.status`, `series.author`); kept by the
 * calendar alone, as its series is written, so no one creates, changes or deletes one through Payload's API.
 */
export const occurrenceAccess = (rules: CalendarAccessRules) => ({
  read: (({ req }) => {
    if (rules.readDrafts({ req })) return true
    const published: Where = { 'series.status': { equals: 'publish' } }
    return req.user && rules.write({ req })
      ? { or: [published, { 'series.author': { equals: req.user.id } }] }
      : published
  }) satisfies Access,
  create: () => false,
  update: () => false,
  delete: () => false,
})

/** Access of categories and tags: public reads; writers may add terms, publishers may change them. */
export const termAccess = (rules: CalendarAccessRules) => ({
  read: () => true,
  create: ({ req }: { req: PayloadRequest }) => rules.write({ req }),
  update: ({ req }: { req: PayloadRequest }) => rules.publish({ req }),
  delete: ({ req }: { req: PayloadRequest }) => rules.publish({ req }),
})
