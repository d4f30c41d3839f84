import type Database from 'libsql'

import type { SqlValue } from './statement.js'

import { beforeDestroy, sqliteWalFile } from '../adapter.js'

type Row = Record<string, unknown>
type Statement = ReturnType<Database.Database['prepare']>

/**
 * libsql, the driver under Payload's SQLite adapter, when the site has it: loaded at run time, so that sites on
 * other databases need not install it and bundlers leave it to Node.
 */
async function loadLibsql(): Promise<typeof Database | null> {
  const name = 'libsql'
  try {
    return (
      (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ name)) as {
        default: typeof Database
      }
    ).default
  } catch {
    return null
  }
}

/** Enough distinct statements for every list shape (each `IN (…)` length is one); past it the cache starts over. */
const MAX_STATEMENTS = 1_000

/**
 * A connection of its own to the adapter's SQLite file, for the namespace's reads, that prepares each statement
 * once and returns plain row objects. `@libsql/client` prepares every statement anew and builds each row with
 * property definitions, which made up most of an uncached list's time. Only for a file in WAL mode, where a
 * reader neither waits for the adapter's writers nor holds them up and sees every committed write; null
 * otherwise (an in-memory or remote database, or no libsql to load), and the adapter's own client serves.
 */
export async function sqliteReader(
  adapter: object,
): Promise<((text: string, params: SqlValue[]) => Row[]) | null> {
  const file = sqliteWalFile(adapter)
  if (!file) return null
  const Libsql = await loadLibsql()
  if (!Libsql) return null
  const db = new Libsql(file.path)
  db.exec(`PRAGMA busy_timeout = ${file.busyTimeout}`)
  db.exec('PRAGMA query_only = 1')
  beforeDestroy(adapter, () => db.close())
  const statements = new Map<string, { statement: Statement; columns: string[] }>()
  const prepared = (text: string) => {
    let entry = statements.get(text)
    if (!entry) {
      if (statements.size >= MAX_STATEMENTS) statements.clear()
      // Rows come as arrays (cheaper to hand over from the native side than objects) and are named here.
      const statement = db.prepare(text).raw(true)
      entry = {
        statement,
        columns: (statement.columns() as { name: string }[]).map((column) => column.name),
      }
      statements.set(text, entry)
    }
    return entry
  }
  return (text, params) => {
    const { statement, columns } = prepared(text)
    return (statement.all(params) as unknown[][]).map((values) => {
      const row: Row = {}
      for (let index = 0; index < columns.length; index++) row[columns[index]] = values[index]
      return row
    })
  }
}
