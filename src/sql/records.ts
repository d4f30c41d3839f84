import type { FlattenedField } from 'payload'

import type { CollectionTables } from './collectionTables.js'
import type { SqlConnection } from './connection.js'

type Row = Record<string, unknown>
export type StoredRecord = Record<string, unknown> & { id: number }

/** A column's value as the Local API returns it: booleans, ISO instants, parsed JSON. */
function fromColumn(field: FlattenedField, raw: unknown): unknown {
  if (raw === null || raw === undefined) return null
  switch (field.type) {
    case 'checkbox':
      return Boolean(raw)
    case 'date':
      // SQLite keeps Payload's ISO strings; Postgres returns timestamps in its own form.
      return typeof raw === 'string' && raw.endsWith('Z') ? raw : new Date(raw as string).toISOString()
    case 'number':
      return Number(raw)
    case 'richText':
    case 'json':
      return typeof raw === 'string' ? JSON.parse(raw) : raw
    case 'relationship':
    case 'upload':
      return Number(raw)
    default:
      return raw
  }
}

/** Payload's locale fallback: an empty text or a missing value takes the first locale of the chain that has one. */
function localizedValue(field: FlattenedField, byLocale: Map<string, Row>, chain: string[], column: string): unknown {
  const present = (value: unknown) => value !== undefined && value !== null && value !== ''
  const own = byLocale.get(chain[0])?.[column]
  const textual = field.type === 'text' || field.type === 'textarea'
  if (present(own) || (own !== undefined && own !== null && !textual)) return fromColumn(field, own)
  for (const locale of chain.slice(1)) {
    const fallback = byLocale.get(locale)?.[column]
    if (present(fallback)) return fromColumn(field, fallback)
  }
  return own === undefined ? undefined : fromColumn(field, own)
}

const shownColumns = (tables: CollectionTables, localized: boolean) =>
  [...tables.columns.values()].filter((field) => field.localized === localized && field.loaded).map((field) => field.column)

/** The main-table columns of the collection's fields, for a `SELECT`. */
export function recordColumns({ sql }: SqlConnection, tables: CollectionTables) {
  return sql.join(
    shownColumns(tables, false).map((name) => sql`${sql.identifier(tables.main)}.${sql.identifier(name)}`),
    sql`, `,
  )
}

/** The columns of a translation that a record shows: not the write-only ones (such as the search text). */
const translationColumns = ({ sql }: SqlConnection, tables: CollectionTables) =>
  sql.join(
    ['_parent_id', '_locale', ...shownColumns(tables, true)].map((name) => sql.identifier(name)),
    sql`, `,
  )

/** The columns of a link that a record shows: its record, field and linked record. */
const linkColumns = ({ sql }: SqlConnection, tables: CollectionTables) =>
  sql.join(
    ['parent_id', 'path', ...new Set([...tables.relations.values()].map((relation) => relation.column))].map((name) => sql.identifier(name)),
    sql`, `,
  )

/**
 * Records from their main-table rows (selected with `recordColumns`), at depth 0 in the first locale of `chain`
 * (falling back along it), in the shape the Local API gives them: two more queries, their translations and
 * their links.
 */
export async function toRecords(
  connection: SqlConnection,
  tables: CollectionTables,
  rows: Row[],
  chain: string[],
): Promise<StoredRecord[]> {
  if (!rows.length) return []
  const { sql } = connection
  const idList = sql.join(
    rows.map((row) => sql`${Number(row.id)}`),
    sql`, `,
  )
  const localized = [...tables.columns.values()].some((field) => field.localized)
  const [localeRows, relRows] = await Promise.all([
    localized
      ? connection.rows(
          sql`SELECT ${translationColumns(connection, tables)} FROM ${sql.identifier(tables.locales)} WHERE ${sql.identifier('_parent_id')} IN (${idList}) AND ${sql.identifier('_locale')} IN (${sql.join(
            chain.map((locale) => sql`${locale}`),
            sql`, `,
          )})`,
        )
      : [],
    tables.relations.size
      ? connection.rows(
          sql`SELECT ${linkColumns(connection, tables)} FROM ${sql.identifier(tables.rels)} WHERE ${sql.identifier('parent_id')} IN (${idList}) ORDER BY ${sql.identifier('order')}`,
        )
      : [],
  ])
  const translations = new Map<number, Map<string, Row>>()
  for (const row of localeRows) {
    const parent = Number(row._parent_id)
    if (!translations.has(parent)) translations.set(parent, new Map())
    translations.get(parent)!.set(row._locale as string, row)
  }
  // Each record's linked ids by field: `${id} ${path}` → ids, in link order.
  const links = new Map<string, number[]>()
  for (const row of relRows) {
    const key = `${Number(row.parent_id)} ${row.path as string}`
    const target = row[tables.relations.get(row.path as string)?.column ?? '']
    if (target === null || target === undefined) continue
    const ids = links.get(key)
    if (ids) ids.push(Number(target))
    else links.set(key, [Number(target)])
  }
  return rows.map((row) => {
    const id = Number(row.id)
    const record: StoredRecord = { id }
    const byLocale = translations.get(id) ?? new Map<string, Row>()
    for (const [name, { column, field, loaded, localized: isLocalized }] of tables.columns) {
      if (name === 'id' || !loaded) continue
      const value = isLocalized ? localizedValue(field, byLocale, chain, column) : fromColumn(field, row[column])
      if (value !== undefined) record[name] = value
    }
    for (const name of tables.relations.keys()) record[name] = links.get(`${id} ${name}`) ?? []
    return record
  })
}
