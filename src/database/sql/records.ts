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
      return typeof raw === 'string' && raw.endsWith('Z')
        ? raw
        : new Date(raw as string).toISOString()
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
function localizedValue(
  field: FlattenedField,
  byLocale: Map<string, Row>,
  chain: string[],
  column: string,
): unknown {
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
  [...tables.columns.values()]
    .filter((field) => field.localized === localized && field.loaded)
    .map((field) => field.column)

/** The columns of a translation that a record shows: not the write-only ones (such as the search text). */
const translationColumns = (tables: CollectionTables) => [
  '_parent_id',
  '_locale',
  ...shownColumns(tables, true),
]

/** The columns of a link that a record shows: its record, field and linked record. */
const linkColumns = (tables: CollectionTables) => [
  'parent_id',
  'path',
  ...new Set([...tables.relations.values()].map((relation) => relation.column)),
]

/**
 * What a read takes besides the main table's columns: translations in the locales of its chain (none for an empty
 * chain, whose localized fields are then left out) and, unless `links` is false, the linked ids.
 */
type Reading = { links?: boolean }

const hasTranslations = (tables: CollectionTables) =>
  [...tables.columns.values()].some((field) => field.localized)

/** Where a Postgres row carries its translations and its links (see `recordColumns`). */
const EMBEDDED_TRANSLATIONS = '__translations'
const EMBEDDED_LINKS = '__links'

const localeList = ({ sql }: SqlConnection, chain: string[]) =>
  sql.join(
    chain.map((locale) => sql`${locale}`),
    sql`, `,
  )

/** `json_build_object('name', alias."name", …)` over the columns of a joined table. */
const jsonObject = ({ sql }: SqlConnection, alias: string, columns: string[]) =>
  sql`json_build_object(${sql.join(
    columns.map(
      (name) => sql`${sql.literal(name)}, ${sql.identifier(alias)}.${sql.identifier(name)}`,
    ),
    sql`, `,
  )})`

/**
 * The main-table columns of the collection's fields, for a `SELECT`. On Postgres each row also brings its
 * translations in the locales of `chain` and its links, as JSON arrays: over a network every round trip to the
 * database costs more than the query, and this spares two per read.
 */
export function recordColumns(
  connection: SqlConnection,
  tables: CollectionTables,
  chain: string[],
  { links = true }: Reading = {},
) {
  const { sql } = connection
  const name = sql.identifier
  const main = name(tables.main)
  const columns = shownColumns(tables, false).map((column) => sql`${main}.${name(column)}`)
  if (connection.dialect === 'postgres') {
    if (hasTranslations(tables) && chain.length) {
      const t = name('t')
      columns.push(
        sql`(SELECT json_agg(${jsonObject(connection, 't', translationColumns(tables))})
             FROM ${name(tables.locales)} ${t}
             WHERE ${t}.${name('_parent_id')} = ${main}.${name('id')}
               AND ${t}.${name('_locale')} IN (${localeList(connection, chain)})
            ) AS ${name(EMBEDDED_TRANSLATIONS)}`,
      )
    }
    if (tables.relations.size && links) {
      const l = name('l')
      columns.push(
        sql`(SELECT json_agg(${jsonObject(connection, 'l', linkColumns(tables))} ORDER BY ${l}.${name('order')})
             FROM ${name(tables.rels)} ${l}
             WHERE ${l}.${name('parent_id')} = ${main}.${name('id')}
            ) AS ${name(EMBEDDED_LINKS)}`,
      )
    }
  }
  return sql.join(columns, sql`, `)
}

/** The translations and links of `rows`: embedded on Postgres, two more queries on SQLite. */
async function translationsAndLinks(
  connection: SqlConnection,
  tables: CollectionTables,
  rows: Row[],
  chain: string[],
  links: boolean,
) {
  if (connection.dialect === 'postgres') {
    const embedded = (name: string) => rows.flatMap((row) => (row[name] as Row[] | null) ?? [])
    return [embedded(EMBEDDED_TRANSLATIONS), embedded(EMBEDDED_LINKS)]
  }
  const { sql } = connection
  const idList = sql.join(
    rows.map((row) => sql`${Number(row.id)}`),
    sql`, `,
  )
  const names = (columns: string[]) =>
    sql.join(
      columns.map((name) => sql.identifier(name)),
      sql`, `,
    )
  const name = sql.identifier
  return Promise.all([
    hasTranslations(tables) && chain.length
      ? connection.rows(
          sql`SELECT ${names(translationColumns(tables))} FROM ${name(tables.locales)}
              WHERE ${name('_parent_id')} IN (${idList}) AND ${name('_locale')} IN (${localeList(connection, chain)})`,
        )
      : [],
    tables.relations.size && links
      ? connection.rows(
          sql`SELECT ${names(linkColumns(tables))} FROM ${name(tables.rels)}
              WHERE ${name('parent_id')} IN (${idList}) ORDER BY ${name('order')}`,
        )
      : [],
  ])
}

/**
 * Records from their main-table rows (selected with `recordColumns`), at depth 0 in the first locale of `chain`
 * (falling back along it), in the shape the Local API gives them, with their translations and their links.
 */
export async function toRecords(
  connection: SqlConnection,
  tables: CollectionTables,
  rows: Row[],
  chain: string[],
  { links: withLinks = true }: Reading = {},
): Promise<StoredRecord[]> {
  if (!rows.length) return []
  const [localeRows, relRows] = await translationsAndLinks(
    connection,
    tables,
    rows,
    chain,
    withLinks,
  )
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
      const value = isLocalized
        ? localizedValue(field, byLocale, chain, column)
        : fromColumn(field, row[column])
      if (value !== undefined) record[name] = value
    }
    if (withLinks)
      for (const name of tables.relations.keys()) record[name] = links.get(`${id} ${name}`) ?? []
    return record
  })
}
