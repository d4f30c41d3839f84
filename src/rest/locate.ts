import type { CollectionSlug, Where } from 'payload'

import type { Id } from '../core/model.js'
import type { RestCall } from './route.js'

import { lockUntilCommit, recordLock } from '../database/writeLocks.js'
import { occurrenceOfWireId } from '../recurrence/series.js'
import { recordId } from './params.js'
import type { Address } from '../query/locate.js'

/**
 * The record a single-record route names: by id, trashed ones included; by slug, never a trashed one (the
 * original renames its slug). With `unpublishedHaveNoSlug` (events), drafts and pending records have none either,
 * unless a write gave them one (`slugGiven`).
 */
export function addressOf(
  call: Pick<RestCall, 'path'>,
  { unpublishedHaveNoSlug = false } = {},
): Address {
  if (call.path.id !== undefined)
    return { where: { id: { equals: recordId(call.path.id) ?? 0 } }, trash: true }
  const slug: Where = { slug: { equals: call.path.slug } }
  const hasSlug: Where = {
    or: [{ status: { not_in: ['draft', 'pending'] } }, { slugGiven: { equals: true } }],
  }
  return { where: unpublishedHaveNoSlug ? { and: [slug, hasSlug] } : slug, trash: false }
}

/** The stored number of the occurrence a route's id names; undefined for an event's id or a slug. */
export const addressedOccurrence = (call: Pick<RestCall, 'path'>): number | undefined =>
  occurrenceOfWireId(recordId(call.path.id) ?? 0)

/**
 * The record a write addresses, found and checked by `check`, held for the write's transaction: writers of one
 * record take turns in every server instance, and one that waited finds and checks the record again, as the writer
 * before it left it (trashed, say). Called inside the write's transaction.
 */
export async function lockedTarget<T extends { id: Id }>(
  call: RestCall,
  collection: CollectionSlug,
  address: Address,
  check: (address: Address) => Promise<T>,
): Promise<T> {
  const found = await check(address)
  if (!(await lockUntilCommit(call.req, [recordLock(collection, found.id)]))) return found
  return check({ where: { id: { equals: found.id } }, trash: true })
}
