import type { CollectionSlug, Payload, PayloadRequest, Where } from 'payload'

import type { RestCall } from './route.js'

import { collectionTables, type CollectionTables } from '../sql/collectionTables.js'
import { type SqlConnection, sqlConnection } from '../sql/connection.js'
import { recordColumns, toRecords } from '../sql/records.js'
import { UnsupportedQuery, whereToSql } from '../sql/whereToSql.js'
import { asCaller } from './localApi.js'

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

type Plan = { connection: SqlConnection; tables: CollectionTables; where: Where }

/** The caller's read access to a collection, as Payload evaluates it: all, nothing, or a `where`. */
async function readAccess(req: PayloadRequest, collection: CollectionSlug): Promise<boolean | Where> {
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
 * How a read of `collection` can run in SQL: on Payload's SQLite and Postgres adapters, for a collection whose
 * fields all map to columns, with the caller's read access added to the filter exactly as Payload adds it. Null
 * when it cannot (another adapter, the caller may read nothing, or no SQL form for the filter is known), and then
 * the Local API answers.
 */
async function plan(call: RestCall, collection: CollectionSlug, where: Where, trash: boolean): Promise<Plan | 'none' | null> {
  const connection = await sqlConnection(call.req.payload)
  if (!connection) return null
  const tables = collectionTables(call.req.payload, collection)
  if (!tables.complete) return null
  const access = await readAccess(call.req, collection)
  if (access === false) return 'none'
  const and: Where[] = [where]
  if (access !== true) and.push(access)
  if (!trash && tables.columns.has('deletedAt')) and.push({ deletedAt: { exists: false } })
  return { connection, tables, where: { and } }
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

async function sqlPage<T>(call: RestCall, chosen: Plan, query: PageQuery): Promise<Page<T>> {
  const { connection, tables } = chosen
  const { sql } = connection
  const from = sql`FROM ${sql.identifier(tables.main)} WHERE ${whereToSql(connection, tables, chosen.where)}`
  const [rows, [counted]] = await Promise.all([
    connection.rows(
      sql`SELECT ${recordColumns(connection, tables)} ${from} ORDER BY ${orderBy(chosen, query.sort)} LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
    ),
    connection.rows(sql`SELECT COUNT(*) AS ${sql.identifier('total')} ${from}`),
  ])
  const docs = await toRecords(connection, tables, rows, localeChain(call.req, call.locale))
  return { docs: docs as unknown as T[], totalDocs: Number(counted.total) }
}

/**
 * A page of records the caller may read, and how many there are in all. In SQL when the adapter and the filter
 * allow (a few small queries, no per-record work in Payload), else through the Local API as the caller: the
 * records and the totals are the same either way.
 */
export async function findPage<T>(call: RestCall, query: PageQuery): Promise<Page<T>> {
  const trash = query.trash ?? false
  const chosen = await plan(call, query.collection, query.where, trash)
  if (chosen === 'none') return { docs: [], totalDocs: 0 }
  if (chosen) {
    try {
      return await sqlPage<T>(call, chosen, query)
    } catch (error) {
      if (!(error instanceof UnsupportedQuery)) throw error
    }
  }
  const result = await call.req.payload.find({
    ...asCaller(call),
    collection: query.collection,
    showHiddenFields: true,
    trash,
    where: query.where,
    sort: query.sort,
    page: query.page,
    limit: query.limit,
  })
  return { docs: result.docs as unknown as T[], totalDocs: result.totalDocs }
}

/** The records with these ids that the caller may read, by id. */
export async function findByIds<T extends { id: number }>(
  call: RestCall,
  collection: CollectionSlug,
  ids: number[],
  { trash = false }: { trash?: boolean } = {},
): Promise<Map<number, T>> {
  if (!ids.length) return new Map()
  const where: Where = { id: { in: ids } }
  const chosen = await plan(call, collection, where, trash)
  if (chosen === 'none') return new Map()
  if (chosen) {
    try {
      const { connection, tables } = chosen
      const { sql } = connection
      const rows = await connection.rows(
        sql`SELECT ${recordColumns(connection, tables)} FROM ${sql.identifier(tables.main)} WHERE ${whereToSql(connection, tables, chosen.where)}`,
      )
      const records = await toRecords(connection, tables, rows, localeChain(call.req, call.locale))
      return new Map(records.map((record) => [record.id, record as unknown as T]))
    } catch (error) {
      if (!(error instanceof UnsupportedQuery)) throw error
    }
  }
  const { docs } = await call.req.payload.find({
    ...asCaller(call),
    collection,
    pagination: false,
    showHiddenFields: true,
    trash,
    where,
  })
  return new Map((docs as unknown as T[]).map((doc) => [doc.id, doc]))
}
