import type { Where } from 'payload'

import type { CollectionTables } from '../database/sql/collectionTables.js'
import type { SqlConnection, SqlQuery } from '../database/sql/connection.js'

import { whereToSql } from '../database/sql/whereToSql.js'
import { monthOf, monthStart, nextMonth } from '../hooks/occurrenceCounts.js'

/** A list's window: occurrences that start at `from` or later and end at `to` or earlier. */
export type Window = { from: string; to: string }

/** The first month (`YYYY-MM`) that begins at `instant` or later. */
const monthFrom = (instant: string) =>
  monthStart(monthOf(instant)) === instant ? monthOf(instant) : nextMonth(monthOf(instant))

/**
 * How many occurrences of the recurring events in `series` (a query of their ids) lie in `window`, cancelled ones
 * left out, without visiting each: the occurrences starting at an instant or later are, summed over the series,
 * the kept count from the next month on (`collections/occurrenceCounts.ts`) plus those starting before that month;
 * those in the window are the ones starting from its start less those starting after its end, less those starting
 * in it that end after it (found among those starting within the longest occurrence's length of its end). A series
 * without counts yet (saved before they were kept) is counted occurrence by occurrence.
 */
export async function recurringTotal(
  connection: SqlConnection,
  tables: { occurrences: CollectionTables; counts: CollectionTables },
  series: SqlQuery,
  notCancelled: Where,
  window: Window,
): Promise<number> {
  if (window.from > window.to) return 0
  const { sql } = connection
  const name = sql.identifier
  const { occurrences, counts } = tables
  const countsTable = name(counts.main)
  const occurrenceTable = name(occurrences.main)
  const column = (tables: CollectionTables, field: string) =>
    sql`${name(tables.main)}.${name(tables.columns.get(field)!.column)}`
  const inSet = (tables: CollectionTables, set: string) =>
    sql`${column(tables, 'series')} IN (SELECT ${name('id')} FROM ${name(set)})`
  const onCounts = (where: Where) => whereToSql(connection, counts, where)
  const onOccurrences = (where: Where) =>
    whereToSql(connection, occurrences, { and: [notCancelled, where] })
  const number = async (query: SqlQuery) => Number((await connection.rows(query))[0]?.n ?? 0)
  const n = name('n')

  const seriesSet = sql`${name('calendar_series')} AS (${series})`
  const longest = await number(
    sql`WITH ${seriesSet} SELECT MAX(${column(counts, 'longest')}) AS ${n} FROM ${countsTable}
        WHERE ${onCounts({ month: { equals: '' } })} AND ${inSet(counts, 'calendar_series')}`,
  )
  /** Occurrences of counted series that start at `instant` or later. */
  const startingFrom = (instant: string) => {
    const month = monthFrom(instant)
    return sql`((SELECT COALESCE(SUM(${column(counts, 'fromMonth')}), 0) FROM ${countsTable}
        WHERE ${onCounts({ month: { equals: month } })} AND ${inSet(counts, 'calendar_series')})
      + (SELECT COALESCE(SUM(${column(counts, 'total')}), 0) FROM ${countsTable}
        WHERE ${onCounts({ and: [{ month: { equals: '' } }, { firstMonth: { greater_than: month } }] })}
          AND ${inSet(counts, 'calendar_series')})
      + (SELECT COUNT(*) FROM ${occurrenceTable}
        WHERE ${onOccurrences({ startDate: { greater_than_equal: instant, less_than: monthStart(month) } })}
          AND +${inSet(occurrences, 'calendar_counted')}))`
  }
  const afterEnd = new Date(Date.parse(window.to) + 1).toISOString()
  const endingLate = new Date(Math.max(Date.parse(window.from), Date.parse(window.to) - longest))
  const inWindow: Where = {
    startDate: { greater_than_equal: window.from, less_than_equal: window.to },
    endDate: { less_than_equal: window.to },
  }
  return number(
    sql`WITH ${seriesSet},
        ${name('calendar_counted')} AS (SELECT ${column(counts, 'series')} AS ${name('id')} FROM ${countsTable}
          WHERE ${onCounts({ month: { equals: '' } })} AND ${inSet(counts, 'calendar_series')}),
        ${name('calendar_uncounted')} AS (SELECT ${name('id')} FROM ${name('calendar_series')}
          WHERE ${name('id')} NOT IN (SELECT ${name('id')} FROM ${name('calendar_counted')}))
      SELECT ${startingFrom(window.from)} - ${startingFrom(afterEnd)}
      - (SELECT COUNT(*) FROM ${occurrenceTable}
        WHERE ${onOccurrences({
          startDate: { greater_than_equal: endingLate.toISOString(), less_than_equal: window.to },
          endDate: { greater_than: window.to },
        })} AND +${inSet(occurrences, 'calendar_counted')})
      + (SELECT COUNT(*) FROM ${occurrenceTable}
        WHERE ${onOccurrences(inWindow)} AND ${inSet(occurrences, 'calendar_uncounted')}) AS ${n}`,
  )
}
