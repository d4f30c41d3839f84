import type { DatabaseAdapterObj } from 'payload'

import fs from 'node:fs'
import path from 'node:path'

/** Embedded SQLite file used when `DATABASE_URI` is not set. */
export const DEFAULT_SQLITE_FILE = 'data/calendar.db'

const migrationDir = (dialect: string) => path.resolve(process.cwd(), 'migrations', dialect)

/**
 * The development host's database, picked from the URI: unset or `file:` → SQLite (created on first start),
 * `postgres://` → PostgreSQL (with Payload's `readReplicas` from `replicaUris`, comma-separated), `mongodb://` →
 * MongoDB. The SQL adapters never push the schema: migrations build it, so a start never stops at an interactive
 * prompt. Ids are numeric and never re-used (SQLite `AUTOINCREMENT`, Postgres `serial`). The calendar plugin adds
 * its indexes and safeguards to whichever adapter this is.
 */
export async function databaseAdapter(
  uri: string | undefined,
  replicaUris = '',
): Promise<DatabaseAdapterObj> {
  const value = uri || `file:${path.resolve(process.cwd(), DEFAULT_SQLITE_FILE)}`
  const readReplicas = replicaUris
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (readReplicas.length && !/^postgres(ql)?:\/\//.test(value)) {
    throw new Error(
      'DATABASE_REPLICA_URIS is for PostgreSQL: DATABASE_URI must then be a postgres:// URI',
    )
  }
  // Each adapter is loaded when chosen: a process on one database never loads the others' drivers.
  if (/^postgres(ql)?:\/\//.test(value)) {
    const { postgresAdapter } = await import('@payloadcms/db-postgres')
    const { migrations } = await import('../migrations/postgres/index.js')
    return postgresAdapter({
      pool: { connectionString: value },
      readReplicas: readReplicas.length ? readReplicas : undefined,
      push: false,
      migrationDir: migrationDir('postgres'),
      prodMigrations: migrations,
    })
  }
  if (/^mongodb(\+srv)?:\/\//.test(value)) {
    const { mongooseAdapter } = await import('@payloadcms/db-mongodb')
    return mongooseAdapter({ url: value })
  }
  if (value.startsWith('file:') || value === ':memory:') {
    const file = value.startsWith('file:') ? value.slice('file:'.length) : null
    if (file) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
    const { sqliteAdapter } = await import('@payloadcms/db-sqlite')
    const { migrations } = await import('../migrations/sqlite/index.js')
    return sqliteAdapter({
      client: { url: value },
      autoIncrement: true,
      push: false,
      wal: Boolean(file),
      migrationDir: migrationDir('sqlite'),
      prodMigrations: migrations,
    })
  }
  throw new Error(
    `DATABASE_URI must start with file:, postgres://, postgresql:// or mongodb:// (got "${value}")`,
  )
}
