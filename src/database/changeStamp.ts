import type { CollectionConfig, GlobalConfig, Payload, PayloadRequest } from 'payload'

import { randomUUID } from 'node:crypto'

import { CACHE_STAMP_GLOBAL } from '../core/constants.js'
import { ensureGlobalDocument, isMongoAdapter, mainTableOf } from './adapter.js'
import { sqlConnection } from './sql/connection.js'
import { runLastInTransaction } from './transactions.js'

/**
 * One value that every write to the calendar replaces. It lives in the database, so every server process sharing
 * it can tell whether the responses it keeps are still current.
 */
export const changeStampGlobal: GlobalConfig = {
  slug: CACHE_STAMP_GLOBAL,
  admin: { hidden: true },
  access: { read: () => false, update: () => false },
  fields: [{ name: 'stamp', type: 'text' }],
}

async function writeStamp(payload: Payload, req?: Partial<PayloadRequest>): Promise<void> {
  await payload.db.updateGlobal({
    slug: CACHE_STAMP_GLOBAL,
    data: { stamp: randomUUID() },
    req,
    returning: false,
  })
}

/**
 * Replaces the stamp. Given the writer's `req` it joins the write's transaction, so the new stamp and the new data
 * become visible together: a reader that sees the old stamp cannot have read the new data under a new one. In a
 * transaction on the SQL databases the stamp is written once, as its last statement before COMMIT: every writer
 * writes that one row, and holds its lock from then until it commits
 * (docs/performance.md#writes-under-a-mixed-load-2026-11-29).
 */
export async function markCalendarChanged(
  payload: Payload,
  req?: Partial<PayloadRequest>,
): Promise<void> {
  const id = req?.transactionID ? await req.transactionID : undefined
  const atCommit =
    id !== undefined &&
    runLastInTransaction(payload.db, id, CACHE_STAMP_GLOBAL, () =>
      writeStamp(payload, { transactionID: id }),
    )
  if (!atCommit) await writeStamp(payload, req)
}

/**
 * The current stamp. It is read for every turn of the event loop that has anonymous requests to answer, so on the
 * SQL adapters it is one small statement, not the adapter's `findGlobal` (five times the CPU).
 */
export async function readChangeStamp(payload: Payload): Promise<string> {
  const connection = await sqlConnection(payload)
  if (connection) {
    const { sql } = connection
    const table = mainTableOf(payload.db, CACHE_STAMP_GLOBAL)
    if (table) {
      const [row] = await connection.rows(
        sql`SELECT ${sql.identifier('stamp')} FROM ${sql.identifier(table)} LIMIT 1`,
      )
      return (row?.stamp as string | null | undefined) ?? ''
    }
  }
  const doc = await payload.db.findGlobal({
    slug: CACHE_STAMP_GLOBAL,
    req: {},
    select: { stamp: true },
  })
  return (doc as { stamp?: string | null } | null)?.stamp ?? ''
}

/**
 * The stamp's row (on MongoDB, document) is made once, before any write: two first writes racing to make it could
 * leave two.
 * Before the migrations ran (a fresh database outside production) the table is missing; the host calls this
 * again once they have.
 */
export async function ensureChangeStamp(payload: Payload): Promise<void> {
  if (isMongoAdapter(payload.db))
    await ensureGlobalDocument(payload.db, CACHE_STAMP_GLOBAL, { stamp: randomUUID() })
  else if (!(await readChangeStamp(payload))) await markCalendarChanged(payload)
}

/** Marks the calendar changed after every change or delete of the collection's records, after its own hooks. */
export function withChangeStamp(collection: CollectionConfig): CollectionConfig {
  const hooks = collection.hooks ?? {}
  return {
    ...collection,
    hooks: {
      ...hooks,
      afterChange: [
        ...(hooks.afterChange ?? []),
        async ({ doc, req }) => {
          await markCalendarChanged(req.payload, req)
          return doc
        },
      ],
      afterDelete: [
        ...(hooks.afterDelete ?? []),
        ({ req }) => markCalendarChanged(req.payload, req),
      ],
    },
  }
}
