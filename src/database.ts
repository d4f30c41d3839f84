import type { DatabaseAdapterObj, Payload } from 'payload'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { index as pgIndex } from '@payloadcms/db-postgres/drizzle/pg-core'
import { sqliteAdapter, sql } from '@payloadcms/db-sqlite'
import { index as sqliteIndex } from '@payloadcms/db-sqlite/drizzle/sqlite-core'
import fs from 'node:fs'
import path from 'node:path'

import { migrations as postgresMigrations } from '../migrations/postgres/index.js'
import { migrations as sqliteMigrations } from '../migrations/sqlite/index.js'
import { DEFAULT_COLLECTION_SLUGS } from './defaults.js'
import { resilientPg } from './postgresPool.js'
import { reliableTransactions } from './transactions.js'

/** Embedded SQLite file used when `DATABASE_URI` is not set. */
export const DEFAULT_SQLITE_FILE = 'data/calendar.db'

const SQLITE_BUSY_TIMEOUT = 5_000

const migrationDir = (dialect: string) => path.resolve(process.cwd(), 'migrations', dialect)

type IndexBuilder = (name: string) => { on: (...columns: never[]) => unknown }
type SchemaHookArgs = {
  extendTable: (args: { extraConfig: (table: Record<string, never>) => object; table: never }) => void
  schema: { tables: Record<string, unknown> }
}

/**
 * Indexes Payload's tables lack for the namespace's reads:
 * - localized-field tables (`<collection>_locales`) are indexed only on (`_locale`, `_parent_id`), so loading the
 *   translations of a page of records scanned the whole table; an index on `_parent_id` alone makes it a lookup;
 * - link tables (`<collection>_rels`) index each linked column alone, so a filter such as "events in these
 *   categories" read every link row for its field and record; (linked column, field, record) answers it from the
 *   index (at 100,000 events, 23 ms → under 1 ms for a category with its children).
 */
const namespaceReadIndexes =
  (index: IndexBuilder) =>
  <A extends SchemaHookArgs>({ extendTable, schema }: A) => {
    for (const [name, table] of Object.entries(schema.tables)) {
      if (name === DEFAULT_COLLECTION_SLUGS.events) {
        const indexName = `${name}_id_list_idx`
        extendTable({
          table: table as never,
          extraConfig: (columns) => ({
            [indexName]: index(indexName).on(
              columns.id,
              columns.deletedAt,
              columns.startDate,
              columns.endDate,
              columns.status,
              columns.hideFromListings,
            ),
          }),
        })
      }
      if (name.endsWith('_locales')) {
        extendTable({
          table: table as never,
          extraConfig: (columns) => ({ [`${name}_parent_idx`]: index(`${name}_parent_idx`).on(columns._parentID) }),
        })
      }
      if (name.endsWith('_rels') && !name.startsWith('payload_')) {
        const linked = Object.keys(table as object).filter((key) => key.endsWith('ID'))
        extendTable({
          table: table as never,
          extraConfig: (columns) =>
            Object.fromEntries(
              linked.map((key) => {
                const indexName = `${name}_${key.slice(0, -2).replace(/-/g, '_')}_path_parent_idx`
                return [indexName, index(indexName).on(columns[key], columns.path, columns.parent)]
              }),
            ),
        })
      }
    }
    return schema
  }

/**
 * Picks the adapter from the URI: unset or `file:` → SQLite (created on first start), `postgres://` →
 * PostgreSQL, `mongodb://` → MongoDB. The SQL adapters never push the schema: migrations build it, so a start
 * never stops at an interactive prompt. Ids are numeric and never re-used (SQLite `AUTOINCREMENT`, Postgres
 * `serial`). MongoDB's adapter is loaded only when asked for.
 */
export async function databaseAdapter(uri: string | undefined): Promise<DatabaseAdapterObj> {
  const value = uri || `file:${path.resolve(process.cwd(), DEFAULT_SQLITE_FILE)}`
  if (/^postgres(ql)?:\/\//.test(value)) {
    const adapter = postgresAdapter({
      pg: resilientPg as never,
      pool: { connectionString: value, connectionTimeoutMillis: 5_000, query_timeout: 10_000 },
      push: false,
      migrationDir: migrationDir('postgres'),
      prodMigrations: postgresMigrations,
      afterSchemaInit: [namespaceReadIndexes(pgIndex as unknown as IndexBuilder) as never],
    })
    return reliableTransactions(adapter, { busyTimeout: 0, serialize: false })
  }
  if (/^mongodb(\+srv)?:\/\//.test(value)) {
    const { mongooseAdapter } = await import('@payloadcms/db-mongodb')
    return mongooseAdapter({ url: value })
  }
  if (value.startsWith('file:') || value === ':memory:') {
    const file = value.startsWith('file:') ? value.slice('file:'.length) : null
    if (file) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
    const adapter = sqliteAdapter({
      client: { url: value },
      autoIncrement: true,
      // Transactions are off by default on SQLite; writes of several records must be all or nothing. They begin
      // IMMEDIATE, taking the write lock up front, and reliableTransactions queues this process's writers.
      transactionOptions: { behavior: 'immediate' },
      busyTimeout: SQLITE_BUSY_TIMEOUT,
      push: false,
      wal: Boolean(file),
      migrationDir: migrationDir('sqlite'),
      prodMigrations: sqliteMigrations,
      afterSchemaInit: [namespaceReadIndexes(sqliteIndex as unknown as IndexBuilder) as never],
    })
    return reliableTransactions(adapter, { busyTimeout: SQLITE_BUSY_TIMEOUT, serialize: true })
  }
  throw new Error(`DATABASE_URI must start with file:, postgres://, postgresql:// or mongodb:// (got "${value}")`)
}

type SqlDatabase = { name: string; drizzle: { run?: (query: unknown) => Promise<unknown>; execute?: (query: unknown) => Promise<unknown> } }

/**
 * Gathers the statistics the SQL query planners choose indexes by. Without them SQLite prefers any index with an
 * equality (such as trash's `deleted_at IS NULL`, true of nearly every row) over the date ranges lists need, and
 * sorts whole tables; Postgres gathers them itself, but only some time after a bulk import, and until then plans
 * a category filter as a loop over every event (seconds instead of milliseconds at 10,000 events). Run after
 * imports; `onlyIfMissing` (at start) analyzes a database that was never analyzed.
 */
export async function updatePlannerStatistics(payload: Payload, { onlyIfMissing = false } = {}): Promise<void> {
  const db = payload.db as unknown as SqlDatabase
  if (db.name === 'sqlite' && db.drizzle.run) {
    const { rows } = (await db.drizzle.run(sql`SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'`)) as { rows: unknown[] }
    if (!onlyIfMissing || !rows.length) await db.drizzle.run(sql`ANALYZE`)
  } else if (db.name === 'postgres' && db.drizzle.execute) {
    const { rows } = (await db.drizzle.execute(
      sql`SELECT 1 FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL`,
    )) as { rows: unknown[] }
    // VACUUM as well: until a table is vacuumed Postgres cannot count from an index alone (its visibility map is
    // unset), and counted a list's total over the whole table (52 ms instead of 6 at 100,000 events).
    if (!onlyIfMissing || !rows.length) await db.drizzle.execute(sql`VACUUM (ANALYZE)`)
  }
}
