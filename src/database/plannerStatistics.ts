import type { Payload, PayloadRequest } from 'payload'

import { builtTablesOf, executeRaw, hasFeature, transactionSession } from './adapter.js'

/** An index of a table that was analyzed, with no statistics of its own: it was made after. */
const UNMEASURED_INDEX = `SELECT 1 FROM sqlite_master AS m WHERE m.type = 'index' AND m.sql IS NOT NULL
  AND EXISTS (SELECT 1 FROM sqlite_stat1 AS s WHERE s.tbl = m.tbl_name)
  AND NOT EXISTS (SELECT 1 FROM sqlite_stat1 AS s WHERE s.idx = m.name) LIMIT 1`

/**
 * Gathers the statistics the SQL query planners choose indexes by. Without them SQLite prefers any index with an
 * equality (such as trash's `deleted_at IS NULL`, true of nearly every row) over the date ranges lists need, and
 * sorts whole tables; Postgres gathers them itself, but only some time after a bulk import, and until then plans
 * a category filter as a loop over every event (seconds instead of milliseconds at 10,000 events). Run after
 * imports; `onlyIfMissing` (at start) analyzes a database that was never analyzed, and on SQLite one with an index
 * made after its table was last analyzed (by a migration of an update): SQLite guesses what such an index holds,
 * and took the index of recurring events to count the 10,000 single events (a list 1.6 times slower).
 */
export async function updatePlannerStatistics(
  payload: Payload,
  { onlyIfMissing = false } = {},
): Promise<void> {
  const db = payload.db
  if (!hasFeature(db, 'plannerStatistics')) return
  if (db.name === 'sqlite') {
    const rows = await executeRaw(db, `SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'`)
    if (!onlyIfMissing || !rows.length || (await executeRaw(db, UNMEASURED_INDEX)).length)
      await executeRaw(db, 'ANALYZE')
  } else {
    const rows = await executeRaw(
      db,
      'SELECT 1 FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL',
    )
    // VACUUM as well: until a table is vacuumed Postgres cannot count from an index alone (its visibility map is
    // unset), and counted a list's total over the whole table (52 ms instead of 6 at 100,000 events).
    if (!onlyIfMissing || !rows.length) await executeRaw(db, 'VACUUM (ANALYZE)')
  }
}

/**
 * Gathers the statistics of the tables of the collections a command wrote records of (`written`, by collection: a
 * migration's fill, a conversion): until then the planners know nothing of those rows, and PostgreSQL's automatic
 * analyze comes only some time later. Runs in `req`'s transaction when it has one (a migration's), whose rows only
 * it sees.
 */
export async function analyzeWritten(
  payload: Payload,
  req: Partial<PayloadRequest>,
  written: Record<string, number>,
): Promise<void> {
  const db = payload.db
  if (!hasFeature(db, 'plannerStatistics')) return
  const tables = Object.keys(written)
    .filter((collection) => written[collection] > 0)
    .flatMap((collection) => builtTablesOf(db, collection))
    .map((table) => `"${table}"`)
  if (!tables.length) return
  const session = req.transactionID ? transactionSession(db, await req.transactionID) : undefined
  // SQLite analyzes one table a statement.
  const statements = db.name === 'sqlite' ? tables : [tables.join(', ')]
  for (const names of statements) await executeRaw(db, `ANALYZE ${names}`, session)
}
