import type { Payload } from 'payload'

import { libsqlClient, primaryPool } from '../adapter.js'
import { replicaPool } from '../readReplicas.js'
import { sqliteReader } from './sqliteReader.js'
import { type SqlFragment, sql, type SqlTag } from './statement.js'

export type { SqlTag }
export type SqlQuery = SqlFragment

type Row = Record<string, unknown>

/** A SQL database behind one of Payload's drizzle adapters. */
export type SqlConnection = {
  dialect: 'postgres' | 'sqlite'
  sql: SqlTag
  rows: (query: SqlQuery) => Promise<Row[]>
  /**
   * The trigram full-text tables of a SQLite database (see `fullTextTable`), looked up at the first call: after the
   * migrations, which a host runs before its first request but may run after its first query. Always empty on
   * Postgres, whose trigram index serves `ILIKE` itself.
   */
  fullTextTables: () => Promise<ReadonlySet<string>>
}

/** The SQLite FTS5 table (trigram tokenizer, external content) that indexes a text column, by convention. */
export const fullTextTable = (table: string, column: string) => `${table}_${column}_fts`

const NO_TABLES: ReadonlySet<string> = new Set()

/** `load`'s result, loaded at the first call; a failed load is tried again at the next. */
const once = <T>(load: () => Promise<T>) => {
  let loaded: Promise<T> | undefined
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined
      throw error
    }))
}

const connections = new WeakMap<Payload, Promise<SqlConnection | null>>()

async function connect(payload: Payload): Promise<SqlConnection | null> {
  const db = payload.db
  // The pool and the client are looked up on each query: the adapter replaces them when it reconnects. Reads in a
  // context routed to a read replica use that replica's pool (see `readOnReplica`).
  if (primaryPool(db)) {
    return {
      dialect: 'postgres',
      sql,
      rows: async (query) =>
        (await (replicaPool(db) ?? primaryPool(db)!).query(query.text('postgres'), query.params))
          .rows,
      fullTextTables: async () => NO_TABLES,
    }
  }
  if (libsqlClient(db)) {
    const reader = await sqliteReader(db)
    const rows: SqlConnection['rows'] = reader
      ? async (query) => reader(query.text('sqlite'), query.params)
      : async (query) =>
          (await libsqlClient(db)!.execute({ sql: query.text('sqlite'), args: query.params })).rows
    const fullTextTables = once(async () => {
      const found = await rows(
        sql`SELECT ${sql.identifier('name')} FROM ${sql.identifier('sqlite_master')}
            WHERE ${sql.identifier('type')} = 'table' AND ${sql.identifier('sql')} LIKE '%fts5%trigram%'`,
      )
      return new Set(found.map((row) => row.name as string))
    })
    return { dialect: 'sqlite', sql, rows, fullTextTables }
  }
  return null
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
