import type { Where } from 'payload'

import type { OccurrenceDoc } from '../core/model.js'
import type { Reader } from './reader.js'

import { collectionTables, type CollectionTables } from '../database/sql/collectionTables.js'
import { recordColumns, toRecords } from '../database/sql/records.js'
import type { SqlQuery } from '../database/sql/connection.js'
import { inSet, UnsupportedQuery, whereToSql } from '../database/sql/whereToSql.js'
import { keepsOccurrenceCounts } from '../hooks/occurrenceCounts.js'
import { asCaller } from './reader.js'
import { recurringTotal, type Window } from './occurrenceTotals.js'
import { type Page, type Plan, plan, PROBE_SHARE } from './reads.js'

export type OccurrencePageQuery = {
  /** The events whose occurrences are listed; the caller's read access is added as for events. */
  events: Where
  /** Include trashed events. */
  trash: boolean
  /** Conditions on `startDate` and `endDate`, which an occurrence and a single event share. */
  dates: Where[]
  /** The same conditions, when they are a window alone: its totals then add kept counts (`recurringTotal`). */
  window?: Window
  /** Only these occurrences: a condition on their own fields (`include`'s ids). */
  only?: Where
  /**
   * Occurrence fields, or `series.<field>` for an unlocalized field of the event; `-` for descending. The last
   * should be unique (`id`) for a stable order.
   */
  sort: string[]
  page: number
  limit: number
  /** Each series once: its first occurrence, in `sort` order, among those matching. */
  firstOfSeries?: boolean
}

/** What the lists never show: an occurrence cancelled on its own. */
export const NOT_CANCELLED: Where = { cancelled: { not_equals: true } }

/** The conditions on the occurrences themselves. */
const occurrenceWhere = (query: OccurrencePageQuery): Where => ({
  and: [NOT_CANCELLED, ...query.dates, ...(query.only ? [query.only] : [])],
})

const SERIES = 'series.'

/** An occurrence as lists read it, as the SQL form does: without what changed ones have of their own. */
const OWN_COLUMNS = { title: false, description: false, venue: false, organizers: false } as const

/**
 * A page of the occurrences of the events the caller may read, and how many there are in all: the list items of
 * `/events`. In SQL (each occurrence checked against its event, filtered as event reads are) when the adapter and
 * the filters allow, else through the Local API as the caller: the matching events first, then their occurrences.
 */
export async function findOccurrencePage(
  reader: Reader,
  query: OccurrencePageQuery,
): Promise<Page<OccurrenceDoc>> {
  const events = await plan(reader, reader.options.slugs.events, query.events, query.trash)
  if (events === 'none') return { docs: [], totalDocs: 0 }
  const { payload } = reader.req
  const occurrences = collectionTables(payload, reader.options.slugs.occurrences)
  const counts = keepsOccurrenceCounts(payload)
    ? collectionTables(payload, reader.options.slugs.occurrenceCounts)
    : undefined
  if (events && occurrences.complete) {
    try {
      return await sqlPage(events, { occurrences, counts }, query)
    } catch (error) {
      if (!(error instanceof UnsupportedQuery)) throw error
    }
  }
  return throughLocalApi(reader, query)
}

async function sqlPage(
  events: Plan,
  { occurrences, counts }: { occurrences: CollectionTables; counts?: CollectionTables },
  query: OccurrencePageQuery,
): Promise<Page<OccurrenceDoc>> {
  const { connection } = events
  const { sql } = connection
  const name = sql.identifier
  const occurrence = name(occurrences.main)
  const seriesColumn = name(columnOf(occurrences, 'series'))
  const eventTable = name(events.tables.main)
  const eventId = sql`${eventTable}.${name('id')}`
  const recurrence = sql`${eventTable}.${name(columnOf(events.tables, 'recurrence'))}`
  const eventFilter = whereToSql(connection, events.tables, events.where, {
    fullText: events.fullText,
  })
  const ownSort = query.sort.filter((key) => !key.replace(/^-/, '').startsWith(SERIES))
  const joined = ownSort.length < query.sort.length
  const withEvents = sql`${occurrence} JOIN ${eventTable} ON ${eventId} = ${occurrence}.${seriesColumn}`
  const order = (tables: CollectionTables, keys: string[]) =>
    sql.join(
      keys.map((key) => {
        const field = key.replace(/^-/, '')
        const descending = key.startsWith('-')
        if (!field.startsWith(SERIES))
          return sql`${name(tables.main)}.${name(columnOf(tables, field))} ${descending ? sql`DESC` : sql`ASC`}`
        // An event's field may be empty (a draft's publication date): first, as MongoDB and the Local API form
        // put it, on both SQL databases.
        const column = sql`${eventTable}.${name(columnOf(events.tables, field.slice(SERIES.length)))}`
        return descending ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS FIRST`
      }),
      sql`, `,
    )
  const own = whereToSql(connection, occurrences, occurrenceWhere(query))
  const series = sql`SELECT ${eventId} FROM ${eventTable} WHERE ${eventFilter} AND ${recurrence} IS NOT NULL`
  let first = sql``
  if (query.firstOfSeries) {
    // A single event's occurrence is its first; a series' first is looked up once per series of the set (on the
    // series' own index), not once per occurrence. Inside an OR neither set is turned into a join, whose order a
    // planner without statistics chooses blind: each is built once and looked up
    // (docs/performance.md#plans-without-statistics-2026-11-28).
    const other = { ...occurrences, main: `${occurrences.main}_first` }
    const alias = name(other.main)
    const firstOf = sql`SELECT ${alias}.${name('id')} FROM ${occurrence} AS ${alias}
      WHERE ${alias}.${seriesColumn} = ${eventId} AND ${whereToSql(connection, other, occurrenceWhere(query))}
      ORDER BY ${order(other, ownSort)} LIMIT 1`
    first = sql` AND (${occurrence}.${seriesColumn} NOT IN (SELECT ${eventId} FROM ${eventTable} WHERE ${recurrence} IS NOT NULL)
      OR ${occurrence}.${name('id')} IN (SELECT (${firstOf}) FROM ${eventTable} WHERE ${eventFilter} AND ${recurrence} IS NOT NULL))`
  }
  // The events as a set the occurrences are checked against, one look-up each in an index built once (SQLite's
  // `+` keeps its planner off the index by series, which would visit every event for a small window), or each
  // occurrence's event looked up as it comes (`probe`, as `reads.ts` decides for events by `PROBE_SHARE`).
  const ofEvents = (set: SqlQuery, probe: boolean) =>
    probe
      ? sql`EXISTS (SELECT 1 FROM ${eventTable} WHERE ${eventId} = ${occurrence}.${seriesColumn} AND ${eventFilter})`
      : inSet(
          connection,
          sql`${connection.dialect === 'sqlite' ? sql`+` : sql``}${occurrence}.${seriesColumn}`,
          set,
        )
  const singleDates = whereToSql(connection, events.tables, { and: query.dates })
  const singles = sql`${eventFilter} AND ${recurrence} IS NULL AND ${singleDates}`
  const count = async (query: SqlQuery) => Number((await connection.rows(query))[0].total)
  const total = name('total')
  let totalDocs: number
  if (joined || query.only) {
    totalDocs = await count(
      sql`SELECT COUNT(*) AS ${total} FROM ${withEvents} WHERE ${own} AND ${eventFilter}${first}`,
    )
  } else {
    // A single event is its one occurrence, with the same dates, never cancelled on its own: those are counted
    // on the events' list index, as before recurring events existed; recurring events' occurrences from the kept
    // counts when the dates are a window alone (`recurringTotal`), else one by one.
    const oneByOne = () =>
      count(
        sql`SELECT COUNT(*) AS ${total} FROM ${occurrence} WHERE ${own} AND ${ofEvents(series, false)}${first}`,
      )
    const [once, repeated] = await Promise.all([
      count(sql`SELECT COUNT(*) AS ${total} FROM ${eventTable} WHERE ${singles}`),
      query.window && counts && !query.firstOfSeries
        ? recurringTotal(
            connection,
            { occurrences, counts },
            series,
            NOT_CANCELLED,
            query.window,
          ).then((kept) => kept ?? oneByOne())
        : oneByOne(),
    ])
    totalDocs = once + repeated
  }
  const offset = (query.page - 1) * query.limit
  if (offset >= totalDocs) return { docs: [], totalDocs }
  const from = joined ? withEvents : occurrence
  // The set: recurring events, and the single events of the dates (on their own index), not every event.
  const matching = joined
    ? eventFilter
    : ofEvents(
        query.only
          ? sql`SELECT ${eventId} FROM ${eventTable} WHERE ${eventFilter}`
          : sql`${series} UNION ALL SELECT ${eventId} FROM ${eventTable} WHERE ${singles}`,
        offset + query.limit <= totalDocs * PROBE_SHARE,
      )
  const rows = await connection.rows(
    sql`SELECT ${recordColumns(connection, occurrences, [], { links: false })} FROM ${from} WHERE ${own} AND ${matching}${first}
        ORDER BY ${order(occurrences, query.sort)} LIMIT ${query.limit} OFFSET ${offset}`,
  )
  // Only the occurrences' own columns: what changed ones have of their own is read for the page (`withOwnContent`).
  const docs = await toRecords(connection, occurrences, rows, [], { links: false })
  return { docs: docs as unknown as OccurrenceDoc[], totalDocs }
}

function columnOf(tables: CollectionTables, field: string): string {
  const column = tables.columns.get(field)
  if (!column || column.localized) throw new UnsupportedQuery(`sort ${field}`)
  return column.column
}

type Sortable = Record<string, unknown>

/** Compares two rows by `sort` keys: strings and numbers, `-` for descending, missing values first. */
const bySort = (sort: string[], valueOf: (row: Sortable, field: string) => unknown) =>
  function compare(a: Sortable, b: Sortable): number {
    for (const key of sort) {
      const field = key.replace(/^-/, '')
      const [x, y] = [valueOf(a, field), valueOf(b, field)]
      if (x === y) continue
      const order = x == null ? -1 : y == null ? 1 : x < y ? -1 : 1
      return key.startsWith('-') ? -order : order
    }
    return 0
  }

/**
 * `findOccurrencePage` through the Local API, as the caller: the matching events, then their matching occurrences,
 * ordered and paged here when the order or `firstOfSeries` needs the events' fields, else by the database.
 */
export async function throughLocalApi(
  reader: Reader,
  query: OccurrencePageQuery,
): Promise<Page<OccurrenceDoc>> {
  const { slugs } = reader.options
  const eventSort = query.sort
    .map((key) => key.replace(/^-/, ''))
    .filter((field) => field.startsWith(SERIES))
    .map((field) => field.slice(SERIES.length))
  const { docs: events } = await reader.req.payload.find({
    ...asCaller(reader),
    collection: slugs.events,
    where: query.events,
    trash: query.trash,
    pagination: false,
    select: Object.fromEntries(eventSort.map((field) => [field, true])),
  })
  if (!events.length) return { docs: [], totalDocs: 0 }
  const where: Where = {
    and: [occurrenceWhere(query), { series: { in: events.map((event) => event.id) } }],
  }
  if (!eventSort.length && !query.firstOfSeries) {
    const { docs, totalDocs } = await reader.req.payload.find({
      ...asCaller(reader),
      collection: slugs.occurrences,
      where,
      select: OWN_COLUMNS,
      sort: query.sort,
      page: query.page,
      limit: query.limit,
    })
    // Beyond the last page Payload answers no total; the routes' totals count every match.
    const counted =
      docs.length || query.page === 1
        ? totalDocs
        : (
            await reader.req.payload.count({
              ...asCaller(reader),
              collection: slugs.occurrences,
              where,
            })
          ).totalDocs
    return { docs: docs as unknown as OccurrenceDoc[], totalDocs: counted }
  }
  const { docs } = await reader.req.payload.find({
    ...asCaller(reader),
    collection: slugs.occurrences,
    where,
    pagination: false,
    select: OWN_COLUMNS,
  })
  const eventsById = new Map(events.map((event) => [event.id, event as unknown as Sortable]))
  const valueOf = (row: Sortable, field: string) =>
    field.startsWith(SERIES)
      ? eventsById.get(row.series as number)?.[field.slice(SERIES.length)]
      : row[field]
  let ordered = (docs as unknown as Sortable[]).sort(bySort(query.sort, valueOf))
  if (query.firstOfSeries) {
    const seen = new Set<unknown>()
    ordered = ordered.filter((row) => !seen.has(row.series) && Boolean(seen.add(row.series)))
  }
  const offset = (query.page - 1) * query.limit
  return {
    docs: ordered.slice(offset, offset + query.limit) as unknown as OccurrenceDoc[],
    totalDocs: ordered.length,
  }
}
