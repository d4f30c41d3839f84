import type { CollectionSlug, Where } from 'payload'

import type { Id } from '../core/model.js'
import type { RestCall } from './route.js'

import { foldName } from '../database/writeLocks.js'
import { asCaller } from '../query/reader.js'

/** A character `like` cannot be trusted to match as itself whatever its case. */
const unsure = (char: string) =>
  /[%_\\]/.test(char) || (char > '\x7f' && char.toLowerCase() !== char.toUpperCase())

/**
 * A `like` that every record whose name equals `name` but for case matches, and a few others. Every adapter's
 * `like` matches each space-separated word of its value anywhere in the field, case-insensitively, but the SQL
 * adapters read `%`, `_` (and, on Postgres, `\`) as wildcards, MongoDB does not, and SQLite folds the case of ASCII
 * letters only; so those characters and every letter outside ASCII that has a case become spaces, leaving words
 * that mean the same on every adapter.
 */
const candidates = (name: string): Where => ({
  name: { like: Array.from(name, (char) => (unsure(char) ? ' ' : char)).join('') },
})

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
  return (docs as unknown as D[]).find(
    (doc) => typeof doc.name === 'string' && foldName(doc.name) === wanted,
  )
}
