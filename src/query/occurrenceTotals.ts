import type { Where } from 'payload'

import type { CollectionTables } from '../database/sql/collectionTables.js'
import type { SqlConnection, SqlQuery } from '../database/sql/connection.js'

import { whereToSql } from '../database/sql/whereToSql.js'
import { monthOf, monthStart, nextMonth } from '../hooks/occurrenceCounts.js'

/** A list's window: occurrences that start at `from` or later and end at `to` or earlier. */
export type Window = { from: string; to: string }

/**
 * The month edge nearer to `instant` from which kept counts are read, and the occurrences starting between the two:
 * counted from the edge, those starting at `instant` or later are these plus those between (`sign` 1, the edge
 * after `instant`) or less them (`sign` -1, the edge before). At most half a month is read occurrence by occurrence.
 */
function nearestEdge(instant: string): { month: string; between: Where; sign: 1 | -1 } {
  const month = monthOf(instant)
  const next = nextMonth(month)
  const [before, after] = [monthStart(month), monthStart(next)]
  return Date.parse(instant) - Date.parse(before) <= Date.parse(after) - Date.parse(instant)
    ? {
        month,
        between: { startDate: { greater_than_equal: before, less_than: instant } },
        sign: -1,
      }
    : {
        month: next,
        between: { startDate: { greater_than_equal: instant, less_than: after } },
        sign: 1,
      }
}

/**
 * How many occurrences of the recurring events in `series` (a query of their ids) lie in `window`, cancelled ones
 * left out, without visiting each: the occurrences starting at an instant or later are, summed over the series,
 * the kept count from the nearer month edge on (`collections/occurrenceCounts.ts`), corrected by those starting
 * between the edge and the instant (`nearestEdge`);
 * those in the window are the ones starting from its start less those starting after its end, less those starting
 * in it that end after it (found among those starting within the longest occurrence's length of its end). Two
 * statements, each reading the series once. Undefined when a series has no counts yet (saved before they were
 * kept, until the migration counts it): the caller then counts occurrence by occurrence.
 */
export async function recurringTotal(
  connection: SqlConnection,
  tables: { occurrences: CollectionTables; counts: CollectionTables },
  series: SqlQuery,
  notCancelled: Where,
  window: Window,
): Promise<number | undefined> {
  if (window.from > window.to) return 0
  const { sql } = connection
  const name = sql.identifier
  const { occurrences, counts } = tables
  const column = (tables: CollectionTables, field: string) =>
    sql`${name(tables.main)}.${name(tables.columns.get(field)!.column)}`
  const of = (field: string) => column(counts, field)
  const withSeries = sql`WITH ${name('calendar_series')} AS (${series})`
  // SQLite's `+` keeps its planner on the index of what is read (occurrences by start, counts by month), checking
  // each row against the set, rather than looking each series up in it: 2.4 ms instead of 3.2 for 2,000 series.
  const inSeries = (tables: CollectionTables) =>
    sql`+${column(tables, 'series')} IN (SELECT ${name('id')} FROM ${name('calendar_series')})`
  const occurrencesWhere = (where: Where) =>
    sql`SELECT COUNT(*) AS ${name('n')} FROM ${name(occurrences.main)}
      WHERE ${whereToSql(connection, occurrences, { and: [notCancelled, where] })} AND ${inSeries(occurrences)}`
  const afterEnd = new Date(Date.parse(window.to) + 1).toISOString()
  /** The kept counts of occurrences starting in `month` or later: that month's row, or all when it is earlier. */
  const fromMonth = (month: string) =>
    sql`SUM(CASE WHEN ${of('month')} = ${month} THEN ${of('fromMonth')}
      WHEN ${of('month')} = '' AND ${of('firstMonth')} > ${month} THEN ${of('total')} ELSE 0 END)`
  const [start, afterWindow] = [nearestEdge(window.from), nearestEdge(afterEnd)]
  const between = ({ between, sign }: ReturnType<typeof nearestEdge>) =>
    sql`${sign === 1 ? sql`+` : sql`-`} (${occurrencesWhere(between)})`
  const [kept] = await connection.rows(
    sql`${withSeries} SELECT (SELECT COUNT(*) FROM ${name('calendar_series')}) AS ${name('series')},
        COUNT(CASE WHEN ${of('month')} = '' THEN 1 END) AS ${name('counted')},
        MAX(CASE WHEN ${of('month')} = '' THEN ${of('longest')} END) AS ${name('longest')},
        ${fromMonth(start.month)} - ${fromMonth(afterWindow.month)} AS ${name('months')},
        0 ${between(start)} - (0 ${between(afterWindow)}) AS ${name('partial')}
      FROM ${name(counts.main)}
      WHERE ${of('month')} IN ('', ${start.month}, ${afterWindow.month}) AND ${inSeries(counts)}`,
  )
  if (Number(kept.counted) < Number(kept.series)) return undefined
  const endingLate = Math.max(
    Date.parse(window.from),
    Date.parse(window.to) - Number(kept.longest ?? 0),
  )
  const [late] = await connection.rows(
    sql`${withSeries} ${occurrencesWhere({
      startDate: {
        greater_than_equal: new Date(endingLate).toISOString(),
        less_than_equal: window.to,
      },
      endDate: { greater_than: window.to },
    })}`,
  )
  return Number(kept.months ?? 0) + Number(kept.partial) - Number(late.n)
}
