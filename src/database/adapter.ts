import type { BaseDatabaseAdapter } from 'payload'

import { createHash } from 'node:crypto'

import { installedVersion } from '../core/installedVersion.js'

/**
 * The one door to the internals of Payload's SQL adapters (`@payloadcms/db-sqlite`, `@payloadcms/db-postgres`,
 * both built on drizzle): everything the calendar reads or changes beyond their public API goes through this
 * module, described once by `SqlAdapterInternals`. At start, `checkInternals` looks for each internal it relies on
 * and either turns off what can safely go (an index, a faster read path) with a warning, or refuses to start with
 * an error naming the Payload and adapter versions, rather than misbehave after an update of Payload changed them.
 * See docs/database.md#the-adapter-boundary.
 */

type Row = Record<string, unknown>
type SchemaHook = (args: never) => Promise<unknown>

/** A transaction of Payload's drizzle adapters, by id, while it is open. */
export type TransactionSession = {
  db: unknown
  reject: () => Promise<void>
  resolve: () => Promise<void>
}

/** A drizzle database object: a pool's or a replica's. */
type Drizzle = Record<PropertyKey, unknown> & {
  $client?: PgPool
  $replicas?: Drizzle[]
  transaction?: (work: (db: unknown) => Promise<void>, options?: unknown) => Promise<void>
}

/** A `pg` pool, as far as the calendar uses it. */
export type PgPool = {
  query: (text: string, values: unknown[]) => Promise<{ rows: Row[] }>
  options: Record<string, unknown>
}

type PoolConstructor = new (config?: object) => {
  on(event: string, listener: (arg: never) => void): void
  connect(callback?: unknown): unknown
}
/** The `pg` module the Postgres adapter builds its pools from (its own, or the one the host passed as `pg`). */
export type PgModule = { Pool: PoolConstructor }

/** A table of the adapter's schema before drizzle builds it: its columns by field, and its indexes. */
export type RawTable = {
  columns: Record<string, { name: string } | undefined>
  indexes?: Record<string, { name: string; on: string[]; unique?: boolean }>
}

/** Where drizzle keeps the function that builds a table's indexes (a registered symbol, the same in every copy). */
const EXTRA_CONFIG = Symbol.for('drizzle:ExtraConfigBuilder')

type IndexedColumn = { indexConfig?: { opClass?: string } }
/** An index as drizzle builds it, before it is created. */
export type IndexBuilder = { config?: { method?: string; columns?: IndexedColumn[] } }
type DrizzleTable = Record<string, { name?: string } | undefined> & {
  [EXTRA_CONFIG]?: (columns: unknown) => Record<string, IndexBuilder | undefined>
}

/** Every internal of Payload's drizzle adapters the calendar uses, as Payload 3.90 has them. */
type SqlAdapterInternals = BaseDatabaseAdapter & {
  name: 'postgres' | 'sqlite'
  packageName?: string
  // The schema, built as Payload starts (`init`).
  beforeSchemaInit: SchemaHook[]
  afterSchemaInit: SchemaHook[]
  rawTables: Record<string, RawTable | undefined>
  tables: Record<string, DrizzleTable | undefined>
  tableNameMap: Map<string, string>
  localesSuffix?: string
  relationshipsSuffix?: string
  // Transactions and raw statements.
  initializing: Promise<void>
  sessions: Record<string, TransactionSession | undefined>
  transactionOptions: unknown
  drizzle: Drizzle
  insert: (args: { db: unknown; tableName: string; values: Row[] }) => Promise<unknown>
  operators: { equals: (column: unknown, value: unknown) => unknown }
  execute: (args: { db?: unknown; drizzle?: unknown; raw: string }) => Promise<{ rows?: unknown[] }>
  connect?: (options?: unknown) => Promise<void>
  // Postgres.
  extensions?: Record<string, boolean>
  pg?: PgModule
  pool?: PgPool
  poolOptions?: Record<string, unknown>
  readReplicaOptions?: string[]
  primaryDrizzle?: Drizzle
  lastWriteTimestamp?: number
  // SQLite.
  client?: { execute: (statement: { sql: string; args: unknown[] }) => Promise<{ rows: Row[] }> }
  clientConfig?: { url?: string }
  wal?: unknown
  busyTimeout?: number
}

/** What the calendar does with the adapters' internals; each one can be missing from an adapter's version. */
export type Feature =
  /** The namespace's own SQL reads (else it reads through the Local API). */
  | 'sqlReads'
  /** The read indexes and the search index added to the schema. */
  | 'schemaIndexes'
  /** A pool that survives lost connections, with bounded connection and query times. */
  | 'resilientPool'
  /** Planner statistics gathered at start and after imports. */
  | 'plannerStatistics'
  /** Transactions that report a failed COMMIT, per-name locks between writers, SQLite's write queue. */
  | 'transactions'
  /** The calendar's reads routed to the primary or one replica. */
  | 'replicaRouting'
  /** Many rows written in a few statements (a series' occurrences). */
  | 'bulkWrites'

type Check = {
  /** The internal, as its path on the adapter. */
  internal: string
  /** When it exists: after the adapter is made (`init`) or once it is connected. */
  phase: 'connect' | 'init'
  adapters: readonly ('postgres' | 'sqlite')[]
  feature: Feature
  /** Whether the adapter has it in the expected shape. */
  present: (adapter: SqlAdapterInternals) => boolean
  /** Only when this holds (a configured read replica, say). */
  when?: (adapter: SqlAdapterInternals) => boolean
}

const isFunction = (value: unknown) => typeof value === 'function'
const isObject = (value: unknown) => typeof value === 'object' && value !== null
const BOTH = ['postgres', 'sqlite'] as const

/** Each internal the calendar relies on, with what it is needed for. */
const CHECKS: Check[] = [
  {
    internal: 'sessions',
    phase: 'init',
    adapters: BOTH,
    feature: 'transactions',
    present: (a) => isObject(a.sessions),
  },
  {
    internal: 'initializing',
    phase: 'init',
    adapters: BOTH,
    feature: 'transactions',
    present: (a) => a.initializing instanceof Promise,
  },
  {
    internal: 'execute',
    phase: 'init',
    adapters: BOTH,
    feature: 'transactions',
    present: (a) => isFunction(a.execute),
  },
  {
    internal: 'connect',
    phase: 'init',
    adapters: BOTH,
    feature: 'transactions',
    present: (a) => isFunction(a.connect),
  },
  {
    internal: 'drizzle.transaction',
    phase: 'connect',
    adapters: BOTH,
    feature: 'transactions',
    present: (a) => isFunction(a.drizzle?.transaction),
  },
  {
    internal: 'beforeSchemaInit',
    phase: 'init',
    adapters: BOTH,
    feature: 'schemaIndexes',
    present: (a) => Array.isArray(a.beforeSchemaInit),
  },
  {
    internal: 'afterSchemaInit',
    phase: 'init',
    adapters: ['postgres'],
    feature: 'schemaIndexes',
    present: (a) => Array.isArray(a.afterSchemaInit),
  },
  {
    internal: 'rawTables',
    phase: 'init',
    adapters: BOTH,
    feature: 'schemaIndexes',
    present: (a) => isObject(a.rawTables),
  },
  {
    internal: 'extensions',
    phase: 'init',
    adapters: ['postgres'],
    feature: 'schemaIndexes',
    present: (a) => isObject(a.extensions),
  },
  {
    internal: 'tableNameMap',
    phase: 'init',
    adapters: BOTH,
    feature: 'schemaIndexes',
    present: (a) => a.tableNameMap instanceof Map,
  },
  {
    internal: 'tableNameMap',
    phase: 'init',
    adapters: BOTH,
    feature: 'sqlReads',
    present: (a) => a.tableNameMap instanceof Map,
  },
  {
    internal: 'tables',
    phase: 'init',
    adapters: BOTH,
    feature: 'sqlReads',
    present: (a) => isObject(a.tables),
  },
  {
    internal: 'pool',
    phase: 'connect',
    adapters: ['postgres'],
    feature: 'sqlReads',
    present: (a) => isFunction(a.pool?.query),
  },
  {
    internal: 'client',
    phase: 'connect',
    adapters: ['sqlite'],
    feature: 'sqlReads',
    present: (a) => isFunction(a.client?.execute),
  },
  {
    internal: 'pg.Pool',
    phase: 'init',
    adapters: ['postgres'],
    feature: 'resilientPool',
    present: (a) => isFunction(a.pg?.Pool),
  },
  {
    internal: 'pool.options',
    phase: 'connect',
    adapters: ['postgres'],
    feature: 'resilientPool',
    present: (a) => isObject(a.pool?.options),
  },
  {
    internal: 'execute',
    phase: 'init',
    adapters: BOTH,
    feature: 'plannerStatistics',
    present: (a) => isFunction(a.execute),
  },
  {
    internal: 'insert',
    phase: 'init',
    adapters: BOTH,
    feature: 'bulkWrites',
    present: (a) => isFunction(a.insert),
  },
  {
    internal: 'operators.equals',
    phase: 'init',
    adapters: BOTH,
    feature: 'bulkWrites',
    present: (a) => isFunction(a.operators?.equals),
  },
  {
    internal: 'tables',
    phase: 'init',
    adapters: BOTH,
    feature: 'bulkWrites',
    present: (a) => isObject(a.tables),
  },
  {
    internal: 'primaryDrizzle and drizzle.$replicas',
    phase: 'connect',
    adapters: ['postgres'],
    feature: 'replicaRouting',
    when: (a) => Boolean(a.readReplicaOptions?.length),
    present: (a) => isObject(a.primaryDrizzle) && Array.isArray(a.drizzle?.$replicas),
  },
]

/** What each feature keeps, for the message when it is lost; `null`: it cannot go, the calendar refuses to start. */
const WITHOUT: Record<Feature, null | string> = {
  transactions: null,
  replicaRouting: null,
  sqlReads: 'the namespace reads through the Local API, several times slower',
  schemaIndexes:
    'the read and search indexes are left out of the schema; reads are correct but slower',
  resilientPool: 'a lost connection may end the process, and queries wait without a time limit',
  plannerStatistics: 'the database gathers planner statistics on its own schedule',
  bulkWrites: "a series' occurrences are written one record at a time, several times slower",
}

const NEEDED_FOR: Record<Feature, string> = {
  transactions: 'transactions that report a failed COMMIT and writers that take turns',
  replicaRouting: 'reads that never mix a read replica and the primary',
  sqlReads: 'its SQL reads',
  schemaIndexes: 'its read and search indexes',
  resilientPool: 'a pool that survives lost connections',
  plannerStatistics: 'planner statistics',
  bulkWrites: 'writing many rows at once',
}

/**
 * The features turned off for an adapter because an internal they need is missing, kept on the adapter itself: a
 * Next.js site's API routes and pages each bundle a copy of this module, and both must see what either turned off.
 */
const TURNED_OFF = Symbol.for('payload-events-calendar.featuresTurnedOff')
const turnedOff = (db: object): Set<Feature> => {
  const holder = db as { [TURNED_OFF]?: Set<Feature> }
  holder[TURNED_OFF] ??= new Set<Feature>()
  return holder[TURNED_OFF]
}

const asInternals = (db: unknown) => db as SqlAdapterInternals

/** Whether the database behind `db` is one of Payload's drizzle adapters, SQLite or Postgres. */
export const isSqlAdapter = (db: { name?: string }): boolean =>
  db.name === 'postgres' || db.name === 'sqlite'

/** Whether the adapter is a SQL one with the internals of a feature (see `checkInternals`). */
export const hasFeature = (db: object, feature: Feature): boolean =>
  isSqlAdapter(db as { name: string }) && !turnedOff(db).has(feature)

export class AdapterInternalsMissing extends Error {}

const versionsOf = (packageName: string) =>
  `${packageName} ${installedVersion(packageName)} with payload ${installedVersion('payload')}`

const missingInternals = (versions: string, what: string) =>
  new AdapterInternalsMissing(
    `payload-events-calendar cannot run on ${versions}: the adapter has no ${what}. ` +
      'Use a Payload version the calendar supports (see its peerDependencies) or a calendar release made for this one.',
  )

/**
 * Looks for the internals of one phase; run by `withCalendarSafeguards` once the adapter is made and once it is
 * connected. A missing internal that a feature can do without turns that feature off with a warning; one the
 * calendar's guarantees rest on (transactions, replica routing) stops the start with `AdapterInternalsMissing`.
 */
export function checkInternals(
  db: BaseDatabaseAdapter,
  phase: Check['phase'],
  warn: (message: string) => void,
): void {
  const adapter = asInternals(db)
  if (!isSqlAdapter(adapter)) return
  const missing = CHECKS.filter(
    (check) =>
      check.phase === phase &&
      check.adapters.includes(adapter.name) &&
      (!check.when || check.when(adapter)) &&
      !check.present(adapter),
  )
  if (!missing.length) return
  const versions = versionsOf(adapter.packageName ?? `@payloadcms/db-${adapter.name}`)
  const fatal = missing.filter((check) => WITHOUT[check.feature] === null)
  if (fatal.length) {
    const what = fatal
      .map((check) => `\`${check.internal}\` (for ${NEEDED_FOR[check.feature]})`)
      .join(', ')
    throw missingInternals(versions, what)
  }
  const off = turnedOff(adapter)
  for (const check of missing) {
    if (off.has(check.feature)) continue
    off.add(check.feature)
    warn(
      `calendar: ${versions} has no \`${check.internal}\`, needed for ${NEEDED_FOR[check.feature]}; ` +
        `turned off: ${WITHOUT[check.feature]}`,
    )
  }
}

// The schema, while Payload builds it.

/** Adds hooks that run before and after Payload builds the drizzle schema from the collections. */
export function addSchemaHooks(
  db: BaseDatabaseAdapter,
  hooks: { before?: SchemaHook; after?: SchemaHook },
): void {
  if (!hasFeature(db, 'schemaIndexes')) return
  const adapter = asInternals(db)
  if (hooks.before) adapter.beforeSchemaInit = [...adapter.beforeSchemaInit, hooks.before]
  if (hooks.after) adapter.afterSchemaInit = [...adapter.afterSchemaInit, hooks.after]
}

/** The main table of a collection or global: named after the slug in snake case unless the config sets `dbName`. */
export const mainTableOf = (db: object, slug: string): string | undefined =>
  asInternals(db).tableNameMap instanceof Map
    ? asInternals(db).tableNameMap.get(slug.replace(/-/g, '_'))
    : undefined

/** The tables drizzle built for a collection: its main table, and its translations and links when it has them. */
export function builtTablesOf(db: object, slug: string): string[] {
  const adapter = asInternals(db)
  const main = mainTableOf(db, slug)
  if (!main || !isObject(adapter.tables)) return []
  return [
    main,
    `${main}${adapter.localesSuffix ?? '_locales'}`,
    `${main}${adapter.relationshipsSuffix ?? '_rels'}`,
  ].filter((table) => adapter.tables[table])
}

/** The tables of a collection before drizzle builds them: the main one, its translations and its links. */
export function rawTablesOf(
  db: object,
  slug: string,
):
  | {
      main?: RawTable
      locales?: RawTable
      rels?: RawTable
      names: { main: string; locales: string; rels: string }
    }
  | undefined {
  const adapter = asInternals(db)
  const main = mainTableOf(db, slug)
  if (!main || !hasFeature(db, 'schemaIndexes')) return undefined
  const names = {
    main,
    locales: `${main}${adapter.localesSuffix ?? '_locales'}`,
    rels: `${main}${adapter.relationshipsSuffix ?? '_rels'}`,
  }
  const tables = adapter.rawTables
  return {
    main: tables[names.main],
    locales: tables[names.locales],
    rels: tables[names.rels],
    names,
  }
}

/** Lets `amend` change the indexes drizzle builds for a table of the schema (one Payload's config cannot describe). */
export function amendIndexes(
  schema: { tables: Record<string, unknown> },
  table: string,
  amend: (indexes: Record<string, IndexBuilder | undefined>) => void,
): void {
  const built = schema.tables[table] as DrizzleTable | undefined
  const build = built?.[EXTRA_CONFIG]
  if (!built || !build) return
  built[EXTRA_CONFIG] = (columns) => {
    const indexes = build(columns)
    amend(indexes)
    return indexes
  }
}

/** The column of a field in a table drizzle built (its name in the database). */
export const columnOf = (db: object, table: string, field: string): string | undefined =>
  hasFeature(db, 'sqlReads') ? asInternals(db).tables[table]?.[field]?.name : undefined

/**
 * Whether the database has the column of a collection's field yet, read in the transaction `transactionID` when
 * there is one. A data migration of an earlier update runs before the migration that adds a later field's column,
 * so it must not read that field. True where there are no columns to check (MongoDB, or no SQL reads).
 */
export async function hasColumn(
  db: object,
  slug: string,
  field: string,
  transactionID?: number | string,
): Promise<boolean> {
  const table = mainTableOf(db, slug)
  const column = table && columnOf(db, table, field)
  if (!table || !column) return true
  const query =
    (db as { name?: string }).name === 'sqlite'
      ? `SELECT 1 FROM pragma_table_info('${table}') WHERE name = '${column}'`
      : `SELECT 1 FROM information_schema.columns WHERE table_name = '${table}' AND column_name = '${column}'`
  const session = transactionID === undefined ? undefined : transactionSession(db, transactionID)
  return (await executeRaw(db, query, session)).length > 0
}

// Settings of the adapter, before it connects.

/** Postgres: the extensions the adapter creates before it migrates. */
export function requireExtension(db: BaseDatabaseAdapter, extension: string): void {
  const adapter = asInternals(db)
  if (hasFeature(db, 'schemaIndexes'))
    adapter.extensions = { ...adapter.extensions, [extension]: true }
}

/** Postgres: the `pg` module the adapter makes its pools with, replaced by `wrap(pg)`. */
export function wrapPg(db: BaseDatabaseAdapter, wrap: (pg: PgModule) => PgModule): void {
  const adapter = asInternals(db)
  if (hasFeature(db, 'resilientPool') && adapter.pg) adapter.pg = wrap(adapter.pg)
}

/** Postgres: pool settings the host did not set itself; returns the settings as they now are. */
export function poolDefaults(
  db: BaseDatabaseAdapter,
  defaults: Record<string, unknown>,
): Record<string, unknown> {
  const adapter = asInternals(db)
  adapter.poolOptions = { ...defaults, ...adapter.poolOptions }
  return adapter.poolOptions
}

/** SQLite: the busy timeout and transaction options, where the host set none; returns the busy timeout. */
export function sqliteDefaults(
  db: BaseDatabaseAdapter,
  defaults: { busyTimeout: number; transactionOptions: unknown },
): number {
  const adapter = asInternals(db)
  adapter.transactionOptions ??= defaults.transactionOptions
  if (!adapter.busyTimeout) adapter.busyTimeout = defaults.busyTimeout
  return adapter.busyTimeout
}

/** Runs `then` each time the adapter has connected, before Payload uses the connection. */
export function afterConnect(db: BaseDatabaseAdapter, then: () => void): void {
  const adapter = asInternals(db)
  const connect = adapter.connect!
  adapter.connect = async function connectThen(this: unknown, options) {
    await connect.call(this, options)
    then()
  }
}

// The connection.

/** Postgres: the pools of the primary and of each read replica. */
export function postgresPools(db: object): PgPool[] {
  const adapter = asInternals(db)
  if (adapter.name !== 'postgres' || !hasFeature(db, 'resilientPool')) return []
  const replicas = (adapter.drizzle?.$replicas ?? []).map((replica) => replica.$client)
  return [adapter.pool, ...replicas].filter((pool): pool is PgPool => pool !== undefined)
}

/** Postgres: the primary's pool (looked up on each use: the adapter replaces it when it reconnects). */
export const primaryPool = (db: object): PgPool | undefined =>
  hasFeature(db, 'sqlReads') && asInternals(db).name === 'postgres'
    ? asInternals(db).pool
    : undefined

/** SQLite: the adapter's `@libsql/client` client. */
export const libsqlClient = (db: object): SqlAdapterInternals['client'] =>
  hasFeature(db, 'sqlReads') && asInternals(db).name === 'sqlite'
    ? asInternals(db).client
    : undefined

/** SQLite: the database file in WAL mode, with the adapter's busy timeout, or undefined. */
export function sqliteWalFile(db: object): { path: string; busyTimeout: number } | undefined {
  const adapter = asInternals(db)
  const url = adapter.clientConfig?.url
  if (
    adapter.name !== 'sqlite' ||
    !adapter.wal ||
    !url?.startsWith('file:') ||
    url.startsWith('file://')
  )
    return undefined
  return {
    path: url.slice('file:'.length),
    busyTimeout: Math.max(0, Math.floor(adapter.busyTimeout ?? 0)),
  }
}

/** Runs `close` when Payload closes the adapter's connection, before it does. */
export function beforeDestroy(db: object, close: () => void): void {
  const adapter = asInternals(db)
  const destroy = adapter.destroy
  adapter.destroy = async function destroyAfter(this: unknown) {
    close()
    await destroy?.call(this)
  }
}

/** Runs a statement on the adapter's connection, or on an open transaction's (`session`), and returns its rows. */
export async function executeRaw(
  db: object,
  raw: string,
  session?: TransactionSession,
): Promise<unknown[]> {
  const adapter = asInternals(db)
  const { rows } = await adapter.execute(
    session ? { db: session.db, raw } : { drizzle: adapter.drizzle, raw },
  )
  return rows ?? []
}

// Transactions.

/** The adapter's open transaction of that id. */
export const transactionSession = (
  db: object,
  id: number | string,
): TransactionSession | undefined => asInternals(db).sessions[String(id)]

/** Records or forgets an open transaction, under the id Payload passes around in `req.transactionID`. */
export function setTransactionSession(
  db: object,
  id: string,
  session: TransactionSession | undefined,
): void {
  const adapter = asInternals(db)
  if (session) adapter.sessions[id] = session
  else delete adapter.sessions[id]
}

/** Opens a drizzle transaction that runs `work` with its database object. */
export const drizzleTransaction = (
  db: object,
  work: (tx: unknown) => Promise<void>,
  options: unknown,
): Promise<void> => asInternals(db).drizzle.transaction!(work, options)

/** The adapter's own transaction options (SQLite's `BEGIN IMMEDIATE`), and its start-up. */
export const transactionDefaults = (db: object): { options: unknown; ready: Promise<void> } => ({
  options: asInternals(db).transactionOptions,
  ready: asInternals(db).initializing,
})

// Writes of many rows.

type Updatable = {
  update: (table: unknown) => {
    set: (values: Row) => { where: (condition: unknown) => Promise<unknown> }
  }
}

/** The drizzle object writes go through: the open transaction's of that id, else the adapter's. */
async function writerOf(
  adapter: SqlAdapterInternals,
  transactionID?: Promise<number | string> | number | string,
) {
  const id = await transactionID
  return (id === undefined ? undefined : adapter.sessions[String(id)]?.db) ?? adapter.drizzle
}

/** Rows per insert statement: within both databases' limits on a statement's parameters. */
const INSERT_BATCH = 500

/**
 * Inserts `rows` into a collection's main table, a few statements for any number, in the open transaction of
 * `transactionID` if there is one. Values are by field name, the main table's own columns only (no translations,
 * no links); what a row leaves out takes the column's default. No hooks run: for bookkeeping records the calendar
 * keeps itself.
 */
export async function insertRows(
  db: object,
  slug: string,
  rows: Row[],
  transactionID?: Promise<number | string> | number | string,
): Promise<void> {
  const adapter = asInternals(db)
  const tableName = mainTableOf(db, slug)
  if (!tableName) throw new Error(`insertRows: no table for ${slug}`)
  const writer = await writerOf(adapter, transactionID)
  for (let at = 0; at < rows.length; at += INSERT_BATCH)
    await adapter.insert({ db: writer, tableName, values: rows.slice(at, at + INSERT_BATCH) })
}

/**
 * Sets each row's `values` (by field name, the main table's own columns) on the record of its `id`, one short
 * statement each, in the open transaction of `transactionID` if there is one. No hooks run, as for `insertRows`.
 */
export async function updateRows(
  db: object,
  slug: string,
  rows: { id: number | string; values: Row }[],
  transactionID?: Promise<number | string> | number | string,
): Promise<void> {
  const adapter = asInternals(db)
  const table = adapter.tables[mainTableOf(db, slug) ?? '']
  if (!table) throw new Error(`updateRows: no table for ${slug}`)
  const writer = (await writerOf(adapter, transactionID)) as unknown as Updatable
  for (const { id, values } of rows)
    await writer.update(table).set(values).where(adapter.operators.equals(table.id, id))
}

// Read replicas (Postgres).

/** The drizzle objects of the primary and the replicas, when the host configured read replicas. */
export function replicaSet(db: object): { primary: Drizzle; replicas: Drizzle[] } | undefined {
  const adapter = asInternals(db)
  const replicas = adapter.drizzle?.$replicas
  if (adapter.name !== 'postgres' || !adapter.primaryDrizzle || !replicas?.length) return undefined
  return { primary: adapter.primaryDrizzle, replicas }
}

/** The pool of a replica's drizzle object. */
export const poolOfDrizzle = (drizzle: Drizzle): PgPool | undefined => drizzle.$client

/**
 * Routes the adapter's reads: `route(key)` names the drizzle object a property of the adapter's database object is
 * taken from, or undefined for Payload's own choice; while `primaryUnknown()` holds, Payload is not told when this
 * process last wrote (it would read from the primary for a while after a write).
 */
export function routeDrizzle(
  db: object,
  route: (key: PropertyKey) => Drizzle | undefined,
  primaryUnknown: () => boolean,
): void {
  const adapter = asInternals(db)
  let lastWrite = adapter.lastWriteTimestamp
  Object.defineProperty(adapter, 'lastWriteTimestamp', {
    configurable: true,
    get: () => (primaryUnknown() ? undefined : lastWrite),
    set: (value: number | undefined) => (lastWrite = value),
  })
  adapter.drizzle = new Proxy(adapter.drizzle, {
    get(target, key, receiver) {
      const chosen = route(key)
      if (!chosen) return Reflect.get(target, key, receiver)
      const value = chosen[key]
      return typeof value === 'function' ? value.bind(chosen) : value
    },
  })
}

// MongoDB (Payload's mongoose adapter).

type MongoCollection = {
  findOneAndUpdate: (
    filter: object,
    update: object,
    options: object,
  ) => Promise<{ seq?: number; value?: { seq?: number } | null } | null>
  updateOne: (filter: object, update: object, options: object) => Promise<unknown>
}
type MongoInternals = {
  name?: string
  allowIDOnCreate?: boolean
  sessions?: Record<string, object | undefined>
  connection?: {
    base?: { Types?: { ObjectId?: new (hex: string) => unknown } }
    db?: { collection: (name: string) => MongoCollection }
  }
}

export const isMongoAdapter = (db: { name?: string }): boolean => db.name === 'mongoose'

/**
 * MongoDB, once connected: stops the start with `AdapterInternalsMissing` when the adapter lacks what the
 * calendar's record numbers, change stamp and write locks use (every one of them is needed).
 */
export function checkMongoInternals(db: object): void {
  const adapter = db as MongoInternals
  const missing = [
    ['connection.db', typeof adapter.connection?.db?.collection === 'function'],
    [
      'connection.base.Types.ObjectId',
      typeof adapter.connection?.base?.Types?.ObjectId === 'function',
    ],
    ['sessions', typeof adapter.sessions === 'object' && adapter.sessions !== null],
  ].filter(([, present]) => !present)
  if (!missing.length) return
  const what = missing.map(([internal]) => `\`${internal}\``).join(', ')
  throw missingInternals(
    versionsOf('@payloadcms/db-mongodb'),
    `${what} (for numbered records and write locks)`,
  )
}

/** MongoDB: records may be created with an id of the caller's (the calendar's numbered ids). */
export function allowIdsOnCreate(db: object): void {
  ;(db as MongoInternals).allowIDOnCreate = true
}

function mongoCollection(db: object, name: string): MongoCollection {
  const collection = (db as MongoInternals).connection?.db?.collection(name)
  if (!collection) throw new Error('the MongoDB adapter is not connected')
  return collection
}

/** An ObjectId made from a name: the key of a document there must be one of, whoever makes it first. */
function keyOf(db: object, name: string): unknown {
  const ObjectId = (db as MongoInternals).connection?.base?.Types?.ObjectId
  if (!ObjectId) throw new Error('the MongoDB adapter is not connected')
  return new ObjectId(createHash('sha1').update(name).digest('hex').slice(0, 24))
}

/**
 * Makes the document `filter` finds, holding `document`, unless there is one; a document keyed by `_id` that
 * another instance made at the same moment is left as it made it (MongoDB answers the second upsert with a
 * duplicate key, 11000).
 */
async function insertOnce(collection: MongoCollection, filter: object, document: object) {
  try {
    await collection.updateOne(filter, { $setOnInsert: document }, { upsert: true })
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error
  }
}

/** Where the MongoDB adapter's sequences are kept: one document per name, holding the last number handed out. */
const SEQUENCES = 'calendar_sequences'

/**
 * MongoDB: the next number of the sequence `name` (1, 2, 3, …), taken atomically in the database, so that server
 * instances sharing it never hand out one number twice. A sequence's document is keyed by an ObjectId made from
 * its name: `_id` is unique in every collection, so two first numbers taken at once still make one document.
 */
export async function nextSequence(db: object, name: string): Promise<number> {
  const sequences = mongoCollection(db, SEQUENCES)
  const result = await sequences.findOneAndUpdate(
    { _id: keyOf(db, name) },
    { $inc: { seq: 1 }, $set: { name } },
    { upsert: true, returnDocument: 'after', includeResultMetadata: false },
  )
  const seq = result?.seq ?? result?.value?.seq
  if (typeof seq !== 'number') throw new Error(`nextSequence: no number for ${name}`)
  return seq
}

/**
 * MongoDB: makes the document of the global `slug`, holding `data`, unless it has one. Payload's writes of a global
 * update its document and never make one, so a global only its hooks write would stay without. The document made
 * is keyed by an ObjectId made from the slug, so two instances starting at once still make one.
 */
export async function ensureGlobalDocument(
  db: object,
  slug: string,
  data: Record<string, unknown>,
): Promise<void> {
  const now = new Date()
  await insertOnce(
    mongoCollection(db, 'globals'),
    { globalType: slug },
    {
      _id: keyOf(db, `global ${slug}`),
      ...data,
      createdAt: now,
      updatedAt: now,
    },
  )
}

/** Where the MongoDB adapter's write locks are kept: one document per name, written by each writer holding it. */
const LOCKS = 'calendar_locks'

/**
 * MongoDB with transactions (a replica set): writes the lock document of `name` inside the transaction Payload
 * knows as `transactionID`, so that a second transaction writing it before this one ends fails with a write
 * conflict, which the namespace runs again (`rest/writes.ts`). MongoDB never makes a writer wait, so this is how
 * writers of one name take turns there. False when there is no such transaction (a standalone server).
 */
export async function writeLockDocument(
  db: object,
  transactionID: number | string,
  name: string,
): Promise<boolean> {
  const session = (db as MongoInternals).sessions?.[String(transactionID)]
  if (!session) return false
  const locks = mongoCollection(db, LOCKS)
  const _id = keyOf(db, `lock ${name}`)
  // Made outside the transaction: two transactions making the same document would fail as a duplicate key.
  await insertOnce(locks, { _id }, { name })
  await locks.updateOne({ _id }, { $inc: { writes: 1 } }, { session })
  return true
}
