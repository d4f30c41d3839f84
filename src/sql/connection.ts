import type { Payload } from 'payload'

import { sqliteReader } from './sqliteReader.js'

/** Drizzle's `sql` template tag, from the copy of drizzle the host's adapter runs on. */
export type SqlTag = typeof import('@payloadcms/db-sqlite').sql
export type SqlQuery = ReturnType<SqlTag>

/** A SQL database behind one of Payload's drizzle adapters, queried through the adapter's own `execute`. */
export type SqlConnection = {
  dialect: 'postgres' | 'sqlite'
  sql: SqlTag
  rows: (query: SqlQuery) => Promise<Record<string, unknown>[]>
}

type DrizzleAdapter = {
  name: string
  packageName?: string
  drizzle: unknown
  execute: (args: { drizzle: unknown; sql: SqlQuery }) => Promise<{ rows: Record<string, unknown>[] }>
}

const connections = new WeakMap<Payload, Promise<SqlConnection | null>>()

async function connect(payload: Payload): Promise<SqlConnection | null> {
  const adapter = payload.db as unknown as DrizzleAdapter
  if ((adapter.name !== 'sqlite' && adapter.name !== 'postgres') || !adapter.packageName || !adapter.drizzle) return null
  const { sql } = (await import(adapter.packageName)) as { sql: SqlTag }
  const reader = adapter.name === 'sqlite' ? sqliteReader(adapter as never) : null
  return {
    dialect: adapter.name,
    sql,
    rows: reader
      ? async (query) => reader(query)
      : async (query) => (await adapter.execute({ drizzle: adapter.drizzle, sql: query })).rows,
  }
}

/**
 * The SQL connection of Payload's SQLite or Postgres adapter, or null for any other adapter (MongoDB), whose
 * reads then go through the Local API.
 */
export function sqlConnection(payload: Payload): Promise<SqlConnection | null> {
  let connection = connections.get(payload)
  if (!connection) {
    connection = connect(payload)
    connections.set(payload, connection)
  }
  return connection
}
