import type { CollectionSlug, Where } from 'payload'

import type { Id } from '../serialize/types.js'
import type { RestCall } from './route.js'

import { foldName } from '../database/writeLocks.js'
import { asCaller } from './localApi.js'

/**
 * A `like` that every record whose name equals `name` but for case matches, and a few others: Payload's `like`
 * reads `%`, `_` (and, on Postgres, `\`) as wildcards, and SQLite folds the case of ASCII letters only, so those and
 * every other character outside printable ASCII become `_`, which stands for any one character.
 */
const candidates = (name: string): Where => ({ name: { like: name.replace(/[^\x20-\x7e]|[%_\\]/g, '_') } })

/**
 * The record of that name, compared case-insensitively as the original's database collation does (`r7 blue hall`
 * is `R7 Blue Hall`), among those `where` leaves; the oldest when several are. Found as the caller, in the
 * caller's language.
 */
export async function findByName<D extends { id: Id; name?: string | null }>(
  call: RestCall,
  collection: CollectionSlug,
  name: string,
  where: Where[] = [],
): Promise<D | undefined> {
  const { docs } = await call.req.payload.find({
    ...asCaller(call),
    collection,
    pagination: false,
    sort: 'id',
    where: { and: [...where, candidates(name)] },
  })
  const wanted = foldName(name)
  return (docs as unknown as D[]).find((doc) => typeof doc.name === 'string' && foldName(doc.name) === wanted)
}
