import type { Payload } from 'payload'

import { executeRaw, hasFeature } from './adapter.js'

/**
 * Gathers the statistics the SQL query planners choose indexes by. Without them SQLite prefers any index with an
 * equality (such as trash's `deleted_at IS NULL`, true of nearly every row) over the date ranges lists need, and
 * sorts whole tables; Postgres gathers them itself, but only some time after a bulk import, and until then plans
 * a category filter as a loop over every event (seconds instead of milliseconds at 10,000 events). Run after
 * imports; `onlyIfMissing` (at start) analyzes a database that was never analyzed.
 */
export async function updatePlannerStatistics(
  payload: Payload,
  { onlyIfMissing = false } = {},
): Promise<void> {
  const db = payload.db
  if (!hasFeature(db, 'plannerStatistics')) return
  if (db.name === 'sqlite') {
    const rows = await executeRaw(db, `SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'`)
    if (!onlyIfMissing || !rows.length) await executeRaw(db, 'ANALYZE')
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
