import type { Where } from 'payload'

import type { CollectionTables } from './collectionTables.js'
import { fullTextTable, type SqlConnection, type SqlQuery } from './connection.js'

/** The query uses something this translation does not cover; the caller reads through the Local API instead. */
export class UnsupportedQuery extends Error {}

/**
 * `value IN (set)`, the set built once and looked up for each row, whatever the planner knows of the tables. At the
 * top of a condition Postgres turns an `IN` into a join, whose order and method it chooses by its statistics; a
 * database that has none yet (a new site, a burst of writes before the automatic analyze) guesses a few rows on
 * each side and ran the set again for every row (50-1,000 times slower). Inside an `OR` the `IN` stays a subquery,
 * which Postgres hashes once when the set fits in `hash_mem` (about 260,000 ids by default); the `OR FALSE` itself
 * is folded away (docs/performance.md#plans-without-statistics-2026-11-28). SQLite builds such a set once already.
 */
export const inSet = (connection: SqlConnection, value: SqlQuery, set: SqlQuery): SqlQuery =>
  connection.dialect === 'postgres'
    ? connection.sql`(${value} IN (${set}) OR FALSE)`
    : connection.sql`${value} IN (${set})`

type Value = boolean | null | number | string

/**
 * `%` and `_` in a `like` value are matched literally: `\` escapes them, and itself. (Payload's own `like` passes
 * them to the database as wildcards.)
 */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** An FTS5 query for rows holding every word, each word a quoted string: no character in it is query syntax. */
const allPhrases = (words: string[]) =>
  words.map((word) => `"${word.replace(/"/g, '""')}"`).join(' ')

/** The trigram tokenizer indexes runs of three characters (code points): shorter words cannot be looked up. */
const TRIGRAM = 3

export type SqlFilterOptions = {
  /** SQLite trigram full-text tables (`SqlConnection.fullTextTables`). */
  fullText?: ReadonlySet<string>
  /**
   * Filters on links and text as checks of each row (`EXISTS`, `LIKE` alone) rather than as lists of matching ids
   * built first: for reading a page in index order when matches are plentiful, so the read stops at its last row.
   */
  probe?: boolean
}

/**
 * Payload's `where` as SQL over a collection's tables, for the operators and fields the namespace queries with:
 * columns of the main table and hasMany relationships, with Payload's semantics for each operator
 * (`not_equals` keeps NULLs, `like` is every space-separated word, case-insensitive). On SQLite, a `like` on a
 * column with a trigram full-text table (`fullText`) first takes the rows that table finds for the words it can look
 * up: those holding each word in any case, a superset of what `LIKE` keeps, so the answer is the same.
 */
export function whereToSql(
  connection: SqlConnection,
  tables: CollectionTables,
  where: Where,
  { fullText = new Set(), probe = false }: SqlFilterOptions = {},
): SqlQuery {
  const { sql } = connection
  const column = (name: string) => sql`${sql.identifier(tables.main)}.${sql.identifier(name)}`
  const id = column('id')
  const value = (raw: unknown): Value => {
    if (typeof raw === 'boolean') return connection.dialect === 'sqlite' ? Number(raw) : raw
    if (raw === null || typeof raw === 'number' || typeof raw === 'string') return raw
    throw new UnsupportedQuery(`value ${JSON.stringify(raw)}`)
  }
  const list = (raw: unknown) => {
    const values = (
      Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw]
    ).map(value)
    if (!values.length) throw new UnsupportedQuery('empty list')
    return sql.join(
      values.map((item) => sql`${item}`),
      sql`, `,
    )
  }
  const like = connection.dialect === 'postgres' ? sql`ILIKE` : sql`LIKE`

  function relation(name: string, operator: string, raw: unknown): SqlQuery {
    const { column: target } = tables.relations.get(name)!
    const rels = sql.identifier(tables.rels)
    const parent = sql`${rels}.${sql.identifier('parent_id')}`
    const path = sql`${rels}.${sql.identifier('path')} = ${name}`
    const linked = (condition?: SqlQuery) => {
      const also = condition ? sql` AND ${condition}` : sql``
      return probe
        ? sql`EXISTS (SELECT 1 FROM ${rels} WHERE ${parent} = ${id} AND ${path}${also})`
        : inSet(connection, id, sql`SELECT ${parent} FROM ${rels} WHERE ${path}${also}`)
    }
    const related = sql.identifier(target)
    switch (operator) {
      case 'equals':
        return raw === null ? sql`NOT ${linked()}` : linked(sql`${related} = ${value(raw)}`)
      case 'in':
        return linked(sql`${related} IN (${list(raw)})`)
      case 'not_equals':
        return sql`NOT ${linked(sql`${related} = ${value(raw)}`)}`
      case 'not_in':
        return sql`NOT ${linked(sql`${related} IN (${list(raw)})`)}`
      case 'exists':
        return raw === true || raw === 'true' ? linked() : sql`NOT ${linked()}`
      default:
        throw new UnsupportedQuery(`${operator} on ${name}`)
    }
  }

  function condition(name: string, operator: string, raw: unknown): SqlQuery {
    if (tables.relations.has(name)) return relation(name, operator, raw)
    const field = tables.columns.get(name)
    if (!field || field.localized) throw new UnsupportedQuery(`field ${name}`)
    const target = column(field.column)
    switch (operator) {
      case 'equals':
        return raw === null ? sql`${target} IS NULL` : sql`${target} = ${value(raw)}`
      case 'not_equals':
        return raw === null
          ? sql`${target} IS NOT NULL`
          : sql`(${target} IS NULL OR ${target} <> ${value(raw)})`
      case 'in':
        return sql`${target} IN (${list(raw)})`
      case 'not_in':
        return sql`(${target} IS NULL OR ${target} NOT IN (${list(raw)}))`
      case 'exists':
        return raw === true || raw === 'true' ? sql`${target} IS NOT NULL` : sql`${target} IS NULL`
      case 'greater_than':
        return sql`${target} > ${value(raw)}`
      case 'greater_than_equal':
        return sql`${target} >= ${value(raw)}`
      case 'less_than':
        return sql`${target} < ${value(raw)}`
      case 'less_than_equal':
        return sql`${target} <= ${value(raw)}`
      case 'like': {
        if (typeof raw !== 'string') throw new UnsupportedQuery('like')
        const words = raw.split(' ').filter(Boolean)
        if (!words.length) return sql`1 = 1`
        const matches = words.map((word) => sql`${target} ${like} ${likePattern(word)} ESCAPE '\\'`)
        const index = fullTextTable(tables.main, field.column)
        const indexed =
          !probe && fullText.has(index) ? words.filter((word) => [...word].length >= TRIGRAM) : []
        if (indexed.length) {
          const table = sql.identifier(index)
          matches.unshift(
            sql`${id} IN (SELECT ${sql.identifier('rowid')} FROM ${table} WHERE ${table} MATCH ${allPhrases(indexed)})`,
          )
        }
        return sql.join(matches, sql` AND `)
      }
      default:
        throw new UnsupportedQuery(`${operator} on ${name}`)
    }
  }

  function translate(clause: Where): SqlQuery {
    const parts: SqlQuery[] = []
    for (const [key, constraint] of Object.entries(clause)) {
      if (constraint === undefined) continue
      if (key === 'and' || key === 'or') {
        const children = (constraint as Where[]).map(translate)
        if (!children.length) continue
        parts.push(sql`(${sql.join(children, key === 'and' ? sql` AND ` : sql` OR `)})`)
        continue
      }
      for (const [operator, raw] of Object.entries(constraint as Record<string, unknown>)) {
        parts.push(condition(key, operator, raw))
      }
    }
    return parts.length ? sql`(${sql.join(parts, sql` AND `)})` : sql`1 = 1`
  }

  return translate(where)
}
