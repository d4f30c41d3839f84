import type { CollectionSlug, Payload, PayloadRequest, Where } from 'payload'

import type { Reader } from './reader.js'

import { collectionTables, type CollectionTables } from '../database/sql/collectionTables.js'
import { type SqlConnection, sqlConnection } from '../database/sql/connection.js'
import { recordColumns, toRecords } from '../database/sql/records.js'
import { UnsupportedQuery, whereToSql } from '../database/sql/whereToSql.js'
import { asCaller } from './reader.js'

export type PageQuery = {
  collection: CollectionSlug
  where: Where
  /** Field names, `-` for descending; the last should be unique (`id`) for a stable order. */
  sort: string[]
  page: number
  limit: number
  /** Include trashed records (Payload leaves them out otherwise). */
  trash?: boolean
}

export type Page<T> = { docs: T[]; totalDocs: number }

export type Plan = {
  connection: SqlConnection
  tables: CollectionTables
  where: Where
  fullText: ReadonlySet<string>
}

/** The caller's read access to a collection, as Payload evaluates it: all, nothing, or a `where`. */
async function readAccess(
  req: PayloadRequest,
  collection: CollectionSlug,
): Promise<boolean | Where> {
  const read = req.payload.collections[collection].config.access.read
  return read ? await read({ req }) : Boolean(req.user)
}

/** The locale and the locales it falls back to, as the host's localization config has them. */
function localeChain(req: PayloadRequest, locale: string): string[] {
  const localization = req.payload.config.localization
  if (!localization || !localization.fallback) return [locale]
  const config = localization.locales.find((entry) => entry.code === locale)
  const fallbacks = config?.fallbackLocale ?? localization.defaultLocale
  return [locale, ...(Array.isArray(fallbacks) ? fallbacks : [fallbacks])].filter(
    (code, index, all) => typeof code === 'string' && all.indexOf(code) === index,
  )
}

/**
 * How a read of `collection` can run in SQL: on Payload's SQLite and Postgres adapters, outside transactions,
 * for a collection whose fields all map to columns, with the caller's read access added to the filter exactly as
 * Payload adds it. `none` when the caller may read nothing; null when SQL cannot serve (then the Local API does).
 */
export async function plan(
  reader: Reader,
  collection: CollectionSlug,
  where: Where,
  trash: boolean,
): Promise<Plan | 'none' | null> {
  const connection = await sqlConnection(reader.req.payload)
  // Inside a write's transaction only the Local API sees what the write has done so far.
  if (!connection || reader.req.transactionID) return null
  const tables = collectionTables(reader.req.payload, collection)
  if (!tables.complete) return null
  const access = await readAccess(reader.req, collection)
  if (access === false) return 'none'
  const and: Where[] = [where]
  if (access !== true) and.push(access)
  if (!trash && tables.columns.has('deletedAt')) and.push({ deletedAt: { exists: false } })
  return { connection, tables, where: { and }, fullText: await connection.fullTextTables() }
}

/** Whether reads of the collection can run in SQL with this host's database adapter and fields. */
export async function readsInSql(payload: Payload, collection: CollectionSlug): Promise<boolean> {
  return Boolean(await sqlConnection(payload)) && collectionTables(payload, collection).complete
}

function orderBy({ connection: { sql }, tables }: Plan, sort: string[]) {
  return sql.join(
    sort.map((key) => {
      const name = key.replace(/^-/, '')
      const field = tables.columns.get(name)
      if (!field || field.localized) throw new UnsupportedQuery(`sort ${name}`)
      const column = sql`${sql.identifier(tables.main)}.${sql.identifier(field.column)}`
      return key.startsWith('-') ? sql`${column} DESC` : sql`${column} ASC`
    }),
    sql`, `,
  )
}

type Slice = { sort: string[]; limit?: number; offset?: number; probe?: boolean }

/** Rows of the records matching the plan, in `sort` order, as records. */
async function sqlRecords(
  reader: Reader,
  chosen: Plan,
  { sort, limit, offset = 0, probe = false }: Slice,
) {
  const { connection, tables } = chosen
  const { sql } = connection
  const page = limit === undefined ? sql`` : sql` LIMIT ${limit} OFFSET ${offset}`
  const filter = whereToSql(connection, tables, chosen.where, { fullText: chosen.fullText, probe })
  const chain = localeChain(reader.req, reader.locale)
  const rows = await connection.rows(
    sql`SELECT ${recordColumns(connection, tables, chain)} FROM ${sql.identifier(tables.main)}
        WHERE ${filter} ORDER BY ${orderBy(chosen, sort)}${page}`,
  )
  return toRecords(connection, tables, rows, chain)
}

async function sqlCount({ connection, tables, where, fullText }: Plan): Promise<number> {
  const { sql } = connection
  const filter = whereToSql(connection, tables, where, { fullText })
  const [row] = await connection.rows(
    sql`SELECT COUNT(*) AS ${sql.identifier('total')} FROM ${sql.identifier(tables.main)} WHERE ${filter}`,
  )
  return Number(row.total)
}

/**
 * A filter on links or text can find a page in two ways: build the list of every matching id, then sort (cheap when
 * few match), or read in index order checking each row, stopping at the page's last (cheap when many match, costly
 * when few do). SQLite's planner builds the list whatever the numbers (at 100,000 events, 26 ms for the first page of
 * a category holding a quarter of them, against 0.06 ms checking), so the total, counted first, decides: a page that
 * ends within this share of the matches is read by checking. Postgres plans both forms alike, as a semi-join.
 */
export const PROBE_SHARE = 1 / 100

/** Runs `inSql` when the read can be done in SQL, else `throughLocalApi`. */
async function read<R>(
  reader: Reader,
  collection: CollectionSlug,
  where: Where,
  trash: boolean,
  inSql: (chosen: Plan) => Promise<R>,
  nothing: R,
  throughLocalApi: () => Promise<R>,
): Promise<R> {
  const chosen = await plan(reader, collection, where, trash)
  if (chosen === 'none') return nothing
  if (chosen) {
    try {
      return await inSql(chosen)
    } catch (error) {
      if (!(error instanceof UnsupportedQuery)) throw error
    }
  }
  return throughLocalApi()
}

/**
 * A page of records the caller may read, and how many there are in all. In SQL when the adapter and the filter
 * allow (a few small queries, no per-record work in Payload), else through the Local API as the caller: the
 * records and the totals are the same either way.
 */
export function findPage<T>(reader: Reader, query: PageQuery): Promise<Page<T>> {
  const { collection, limit, page, sort, where } = query
  const trash = query.trash ?? false
  return read<Page<T>>(
    reader,
    collection,
    where,
    trash,
    async (chosen) => {
      const offset = (page - 1) * limit
      const totalDocs = await sqlCount(chosen)
      if (offset >= totalDocs) return { docs: [], totalDocs }
      const probe = offset + limit <= totalDocs * PROBE_SHARE
      const docs = await sqlRecords(reader, chosen, { sort, limit, offset, probe })
      return { docs: docs as unknown as T[], totalDocs }
    },
    { docs: [], totalDocs: 0 },
    async () => {
      const result = await reader.req.payload.find({
        ...asCaller(reader),
        collection,
        showHiddenFields: true,
        trash,
        where,
        sort,
        page,
        limit,
      })
      return { docs: result.docs as unknown as T[], totalDocs: result.totalDocs }
    },
  )
}

/** The first record matching `where` that the caller may read (by id), if any. */
export function findFirst<T>(
  reader: Reader,
  {
    collection,
    where,
    trash = false,
  }: { collection: CollectionSlug; where: Where; trash?: boolean },
) {
  return read<T | undefined>(
    reader,
    collection,
    where,
    trash,
    async (chosen) =>
      (await sqlRecords(reader, chosen, { sort: ['id'], limit: 1 }))[0] as T | undefined,
    undefined,
    async () => {
      const { docs } = await reader.req.payload.find({
        ...asCaller(reader),
        collection,
        limit: 1,
        pagination: false,
        showHiddenFields: true,
        sort: 'id',
        trash,
        where,
      })
      return docs[0] as T | undefined
    },
  )
}

/** Every record matching `where` that the caller may read, by id. */
export function findAll<T>(
  reader: Reader,
  {
    collection,
    where,
    trash = false,
  }: { collection: CollectionSlug; where: Where; trash?: boolean },
) {
  return read<T[]>(
    reader,
    collection,
    where,
    trash,
    async (chosen) => (await sqlRecords(reader, chosen, { sort: ['id'] })) as unknown as T[],
    [],
    async () =>
      (
        await reader.req.payload.find({
          ...asCaller(reader),
          collection,
          pagination: false,
          showHiddenFields: true,
          sort: 'id',
          trash,
          where,
        })
      ).docs as unknown as T[],
  )
}

/** The records with these ids that the caller may read, by id. */
export async function findByIds<T extends { id: number | string }>(
  reader: Reader,
  collection: CollectionSlug,
  ids: (number | string)[],
  { trash = false }: { trash?: boolean } = {},
): Promise<Map<T['id'], T>> {
  if (!ids.length) return new Map()
  const docs = await findAll<T>(reader, { collection, where: { id: { in: ids } }, trash })
  return new Map(docs.map((doc) => [doc.id, doc]))
}
