import type { CollectionSlug, Where } from 'payload'

import type { Id, OccurrenceDoc } from '../core/model.js'
import type { RestCall } from './route.js'

import { lockUntilCommit, recordLock } from '../database/writeLocks.js'
import { occurrenceOfWireId } from '../recurrence/series.js'
import { recordId } from './params.js'
import { findFirst } from './reads.js'

export type Address = { where: Where; trash: boolean }

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
 * The occurrence stored under `id`, whoever asks: the route then reads its event as the caller, and answers as
 * for the event (403 for one the caller may not see, rather than 404).
 */
export async function occurrenceById(
  call: RestCall,
  id: number,
): Promise<OccurrenceDoc | undefined> {
  const { docs } = await call.req.payload.find({
    collection: call.options.slugs.occurrences,
    where: { id: { equals: id } },
    limit: 1,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req: call.req,
  })
  return docs[0] as unknown as OccurrenceDoc | undefined
}

type Located<T> =
  { doc: T; hidden?: undefined } | { doc?: undefined; hidden?: { deletedAt?: string | null } }

/**
 * The addressed record as the caller may see it. When the caller may not, only whether it exists and whether it
 * is trashed is read, for the original's answers (403 rather than 404 or 400); nothing else of it is returned.
 */
export async function locate<T>(
  call: RestCall,
  collection: CollectionSlug,
  address: Address,
): Promise<Located<T>> {
  const doc = await findFirst<T>(call, { collection, where: address.where, trash: address.trash })
  if (doc) return { doc }
  const query = {
    collection,
    limit: 1,
    pagination: false,
    trash: address.trash,
    where: address.where,
  } as const
  const { docs: hidden } = await call.req.payload.find({
    ...query,
    depth: 0,
    overrideAccess: true,
    req: call.req,
    select: { deletedAt: true },
  })
  return { hidden: hidden[0] as { deletedAt?: string | null } | undefined }
}

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
