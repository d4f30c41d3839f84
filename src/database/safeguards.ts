import type { BaseDatabaseAdapter, DatabaseAdapterObj } from 'payload'

import type { ResolvedCalendarOptions } from '../core/options.js'

import {
  addSchemaHooks,
  afterConnect,
  allowIdsOnCreate,
  checkInternals,
  checkMongoInternals,
  isMongoAdapter,
  poolDefaults,
  postgresPools,
  requireExtension,
  sqliteDefaults,
  wrapPg,
} from './adapter.js'
import { resilientPg } from './postgresPool.js'
import { readIndexes } from './readIndexes.js'
import { routeReplicaReads } from './readReplicas.js'
import { makeTransactionsReliable } from './transactions.js'
import { trigramIndex } from './trigramIndex.js'
import { refuseVanishedUpdates } from './vanishedUpdates.js'

/** How long a SQLite writer waits for another process's write lock before the answer is a 503. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000
/** How long a Postgres query or connection attempt may take before the answer is a 503. */
export const POSTGRES_QUERY_TIMEOUT_MS = 10_000
export const POSTGRES_CONNECT_TIMEOUT_MS = 5_000

const warn = (adapter: BaseDatabaseAdapter) => (message: string) =>
  adapter.payload?.logger ? adapter.payload.logger.warn(message) : console.warn(message)

function guardPostgres(adapter: BaseDatabaseAdapter) {
  wrapPg(adapter, resilientPg)
  const pool = poolDefaults(adapter, { connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS })
  // The query timeout starts once the adapter is connected, so migrations that run as it connects (in production)
  // or from `payload migrate` may take as long as they need; the host's own setting stays. Once connected, the
  // calendar's reads are routed between the primary and a read replica, when the host configured replicas.
  const boundQueries = pool.query_timeout === undefined
  afterConnect(adapter, () => {
    checkInternals(adapter, 'connect', warn(adapter))
    routeReplicaReads(adapter)
    if (!boundQueries || process.env.PAYLOAD_MIGRATING === 'true') return
    for (const { options } of postgresPools(adapter))
      options.query_timeout ??= POSTGRES_QUERY_TIMEOUT_MS
  })
  makeTransactionsReliable(adapter, { busyTimeout: 0, serialize: false })
}

function guardSqlite(adapter: BaseDatabaseAdapter) {
  // Off by default on SQLite; writes of several records must be all or nothing. They begin IMMEDIATE, taking the
  // write lock up front, and the plugin queues this process's writers.
  const busyTimeout = sqliteDefaults(adapter, {
    busyTimeout: SQLITE_BUSY_TIMEOUT_MS,
    transactionOptions: { behavior: 'immediate' },
  })
  afterConnect(adapter, () => checkInternals(adapter, 'connect', warn(adapter)))
  makeTransactionsReliable(adapter, { busyTimeout, serialize: true })
}

/**
 * The host's database adapter with what the calendar promises built in, whoever configured it: the read and search
 * indexes of the plugin's `collections` in the schema the host migrates, transactions that report a failed COMMIT
 * (payloadcms/payload#17726), bounded waits and a pool that survives lost connections. Settings the host chose are
 * kept. With the plugin `disabled`, only the indexes (so that the schema stays the same). On MongoDB, records
 * created with the id that holds their number, and updates of records deleted meanwhile answered as not found;
 * other adapters are returned as they are.
 */
export function withCalendarSafeguards(
  db: DatabaseAdapterObj,
  options: ResolvedCalendarOptions,
  collections: string[],
): DatabaseAdapterObj {
  if (isMongoAdapter(db)) {
    return {
      ...db,
      init: (args) => {
        const adapter = db.init(args)
        // The calendar's records are created with the ObjectId that holds their number (`recordIds.ts`).
        allowIdsOnCreate(adapter)
        if (options.disabled) return adapter
        afterConnect(adapter, () => checkMongoInternals(adapter))
        refuseVanishedUpdates(adapter, collections)
        return adapter
      },
    }
  }
  if (db.name !== 'postgres' && db.name !== 'sqlite') return db
  return {
    ...db,
    init: (args) => {
      const adapter = db.init(args)
      checkInternals(adapter, 'init', warn(adapter))
      addSchemaHooks(adapter, {
        before: readIndexes(options, collections),
        after: db.name === 'postgres' ? trigramIndex(options) : undefined,
      })
      if (db.name === 'postgres') requireExtension(adapter, 'pg_trgm')
      if (options.disabled) return adapter
      if (db.name === 'postgres') guardPostgres(adapter)
      else guardSqlite(adapter)
      return adapter
    },
  }
}
