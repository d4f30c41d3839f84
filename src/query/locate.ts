import type { CollectionSlug, Where } from 'payload'

import type { OccurrenceDoc } from '../core/model.js'
import type { Reader } from './reader.js'

import { findFirst } from './reads.js'

/** Which record to read, and whether trashed ones count. */
export type Address = { where: Where; trash: boolean }

/**
 * The occurrence stored under `id`, whoever asks: the route then reads its event as the caller, and answers as
 * for the event (403 for one the caller may not see, rather than 404).
 */
export async function occurrenceById(
  reader: Reader,
  id: number,
): Promise<OccurrenceDoc | undefined> {
  const { docs } = await reader.req.payload.find({
    collection: reader.options.slugs.occurrences,
    where: { id: { equals: id } },
    limit: 1,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req: reader.req,
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
  reader: Reader,
  collection: CollectionSlug,
  address: Address,
): Promise<Located<T>> {
  const doc = await findFirst<T>(reader, { collection, where: address.where, trash: address.trash })
  if (doc) return { doc }
  const query = {
    collection,
    limit: 1,
    pagination: false,
    trash: address.trash,
    where: address.where,
  } as const
  const { docs: hidden } = await reader.req.payload.find({
    ...query,
    depth: 0,
    overrideAccess: true,
    req: reader.req,
    select: { deletedAt: true },
  })
  return { hidden: hidden[0] as { deletedAt?: string | null } | undefined }
}
