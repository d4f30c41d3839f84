import type { PayloadRequest } from 'payload'

import { createHash } from 'node:crypto'
import os from 'node:os'

import {
  executeRaw,
  isMongoAdapter,
  primaryPool,
  transactionSession,
  writeLockDocument,
} from './adapter.js'

/** A Postgres advisory lock key (a signed 64-bit integer) for a name. */
export const lockKey = (name: string) =>
  BigInt.asIntN(
    64,
    BigInt(`0x${createHash('sha1').update(name).digest('hex').slice(0, 16)}`),
  ).toString()

/** Names match whatever their case, as in the original's database collation. */
export const foldName = (name: string) => name.toLowerCase()

/** Writers that find a record by its name, or create one of that name, take turns per name, whatever its case. */
export const nameLock = (collection: string, name: string) => `name ${collection} ${foldName(name)}`

/** Writers of one record (an update, a trash, a delete) take turns per record. */
export const recordLock = (collection: string, id: number | string) => `record ${collection} ${id}`

/**
 * Makes writers of the same thing (a record, a slug, a name, a term's count) take turns across every server
 * instance that shares the database, until the current transaction ends: on Postgres a transaction-scoped advisory
 * lock per name, taken in sorted order so that two writers never wait for each other in a circle. The reads that
 * follow see what the writer before committed; true when a lock was taken, so that what was read before it is to
 * be read again. SQLite needs none: its write transactions hold the database's single write lock from their start
 * (`BEGIN IMMEDIATE`). On MongoDB with transactions (a replica set) a lock document per name is written in the
 * transaction: a second writer fails with a write conflict and is run again instead of waiting. Outside a
 * transaction there is nothing to hold a lock to.
 */
export async function lockUntilCommit(
  req: Partial<PayloadRequest> & Pick<PayloadRequest, 'payload'>,
  names: string[],
): Promise<boolean> {
  const db = req.payload.db
  if (!req.transactionID) return false
  const id = await req.transactionID
  const sorted = [...new Set(names)].sort()
  if (isMongoAdapter(db)) {
    for (const name of sorted) if (!(await writeLockDocument(db, id, name))) return false
    return true
  }
  const session = db.name === 'postgres' ? transactionSession(db, id) : undefined
  if (!session) return false
  for (const name of sorted) {
    await executeRaw(db, `SELECT pg_advisory_xact_lock(${lockKey(name)})`, session)
  }
  return true
}

/** pg's own default pool size, where the site set none. */
const PG_DEFAULT_POOL_SIZE = 10

/**
 * How many writes one process runs at once. On PostgreSQL, whose writers of one thing wait for each other in the
 * database (the locks above), as many as the machine has cores (two at least), and at most half the primary pool's
 * connections (pg's default pool has 10): a write waiting for its turn holds up no other, a burst of writes leaves
 * half the connections to reads, and writes beyond the cores would only take CPU from reads (in a mixed load on two
 * cores, five at once made list pages 3× slower than two for 10 % more requests:
 * docs/performance.md#writes-under-a-mixed-load-2026-11-29). Elsewhere one:
 * SQLite has one writer at a time anyway, and MongoDB fails the second writer of a document at once instead of
 * making it wait (without a replica set it has no transactions to hold anything).
 */
export function writersAtOnce(db: { name?: string }): number {
  if (db.name !== 'postgres') return 1
  const size = Number(primaryPool(db)?.options.max ?? PG_DEFAULT_POOL_SIZE)
  return Math.max(1, Math.min(Math.max(2, os.availableParallelism()), Math.floor(size / 2)))
}
