import type { DatabaseAdapterObj } from 'payload'

import type { ResolvedCalendarOptions } from '../types.js'

import { type PgModule, resilientPg } from './postgresPool.js'
import { readIndexes } from './readIndexes.js'
import { type ReplicatedAdapter, replicaPools, routeReplicaReads } from './readReplicas.js'
import type { SchemaAdapter } from './schemaAdapter.js'
import { type DrizzleAdapter, makeTransactionsReliable } from './transactions.js'
import { trigramIndex } from './trigramIndex.js'

/** How long a SQLite writer waits for another process's write lock before the answer is a 503. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000
/** How long a Postgres query or connection attempt may take before the answer is a 503. */
export const POSTGRES_QUERY_TIMEOUT_MS = 10_000
export const POSTGRES_CONNECT_TIMEOUT_MS = 5_000

type SchemaHook = (args: never) => Promise<unknown>

type SqlAdapter = DrizzleAdapter &
  SchemaAdapter & {
    beforeSchemaInit: SchemaHook[]
    afterSchemaInit: SchemaHook[]
    connect?: (options?: unknown) => Promise<void>
    // Postgres
    extensions?: Record<string, boolean>
    pg?: PgModule
    pool?: { options: Record<string, unknown> }
    poolOptions?: Record<string, unknown>
    // SQLite
    busyTimeout?: number
  }

function guardPostgres(adapter: SqlAdapter) {
  adapter.extensions = { ...adapter.extensions, pg_trgm: true }
  if (adapter.pg?.Pool) adapter.pg = resilientPg(adapter.pg)
  adapter.poolOptions = { connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS, ...adapter.poolOptions }
  // The query timeout starts once the adapter is connected, so migrations that run as it connects (in production)
  // or from `payload migrate` may take as long as they need; the host's own setting stays. Once connected, the
  // calendar's reads are routed between the primary and a read replica, when the host configured replicas.
  const boundQueries = adapter.poolOptions.query_timeout === undefined
  const connect = adapter.connect
  if (connect) {
    adapter.connect = async function connectThenBound(this: SqlAdapter, options) {
      await connect.call(this, options)
      routeReplicaReads(this as unknown as ReplicatedAdapter)
      if (!boundQueries || process.env.PAYLOAD_MIGRATING === 'true') return
      for (const pool of [this.pool, ...replicaPools(this as unknown as ReplicatedAdapter)]) {
        if (pool) pool.options.query_timeout ??= POSTGRES_QUERY_TIMEOUT_MS
      }
    }
  }
  makeTransactionsReliable(adapter, { busyTimeout: 0, serialize: false })
}

function guardSqlite(adapter: SqlAdapter) {
  // Off by default on SQLite; writes of several records must be all or nothing. They begin IMMEDIATE, taking the
  // write lock up front, and the plugin queues this process's writers.
  adapter.transactionOptions ??= { behavior: 'immediate' }
  if (!adapter.busyTimeout) adapter.busyTimeout = SQLITE_BUSY_TIMEOUT_MS
  makeTransactionsReliable(adapter, { busyTimeout: adapter.busyTimeout, serialize: true })
}

/**
 * The host's database adapter with what the calendar promises built in, whoever configured it: the read and search
 * indexes of the plugin's `collections` in the schema the host migrates, transactions that report a failed COMMIT
 * (payloadcms/payload#17726), bounded waits and a pool that survives lost connections. Settings the host chose are
 * kept. Adapters other than SQLite and Postgres are returned as they are.
 */
export function withCalendarSafeguards(
  db: DatabaseAdapterObj,
  options: ResolvedCalendarOptions,
  collections: string[],
): DatabaseAdapterObj {
  if (db.name !== 'postgres' && db.name !== 'sqlite') return db
  return {
    ...db,
    init: (args) => {
      const adapter = db.init(args) as unknown as SqlAdapter
      adapter.beforeSchemaInit = [...(adapter.beforeSchemaInit ?? []), readIndexes(options, collections) as SchemaHook]
      if (db.name === 'postgres') {
        adapter.afterSchemaInit = [...(adapter.afterSchemaInit ?? []), trigramIndex(options) as SchemaHook]
        guardPostgres(adapter)
      } else guardSqlite(adapter)
      return adapter as never
    },
  }
}
