/**
 * The namespace's list reads keep their plan on a database whose planner knows nothing of its rows: a new site,
 * right after an import or a burst of writes, before PostgreSQL's automatic analyze comes. Each list shape is
 * asked over HTTP, the statements it ran are recorded on their way to the database, and each one's plan must not
 * run a subquery again for every row it checks.
 */
import type { Client } from '@libsql/client'
import type { Payload } from 'payload'
import type { Pool } from 'pg'

import Libsql from 'libsql'
import { execFileSync } from 'node:child_process'
import path from 'node:path'

import { importCalendarDataset } from '../../src/exports/index.js'
import { ROOT } from '../helpers/run.js'
import { startTestServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let payload: Payload

const EVENTS = 2_000
const SERIES = 200
/** The events are imported once and copied in SQL: importing them all would take minutes. */
const COPIES = 20
const ANCHOR = '2027-01-15'
const RULES = [
  'FREQ=WEEKLY;COUNT=52',
  'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=60',
  'FREQ=MONTHLY;BYDAY=-1FR;COUNT=12',
  'FREQ=DAILY;COUNT=30',
]

const db = () => payload.db as unknown as { client?: Client; pool?: Pool }

beforeAll(async () => {
  server = await startTestServer()
  payload = server.payload
  const dataset = JSON.parse(
    execFileSync(
      process.execPath,
      [
        path.join(ROOT, 'bench/make-dataset.mjs'),
        ...['--events', String(EVENTS / COPIES), '--anchor', ANCHOR, '--translations', '0.2'],
        ...['--venues', '30', '--organizers', '15', '--categories', '12', '--tags', '20'],
      ],
      { maxBuffer: 1 << 26 },
    ).toString(),
  )
  dataset.events = dataset.events.map((event: object, index: number) =>
    index < SERIES / COPIES ? { ...event, recurrence: RULES[index % RULES.length] } : event,
  )
  await importCalendarDataset(payload, dataset)
  for (let copy = 1; copy < COPIES; copy++) await copyEvents(copy)
  await forgetStatistics()
}, 300_000)

afterAll(() => server?.stop())

async function query(text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const { client, pool } = db()
  if (client) return (await client.execute({ sql: text, args: params as never })).rows
  return (await pool!.query(text, params)).rows
}

/** The tables holding events and their occurrences, with their columns in order. */
async function eventTables(): Promise<Map<string, string[]>> {
  const sqlite = Boolean(db().client)
  const rows = sqlite
    ? await query(
        `SELECT m.name AS "table", c.name AS "column" FROM sqlite_master AS m, pragma_table_info(m.name) AS c
         WHERE m.type = 'table' AND (m.name LIKE 'events%' OR m.name LIKE 'event_occurrence%')
           AND m.name NOT LIKE '%fts%' ORDER BY m.name, c.cid`,
      )
    : await query(
        `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
         WHERE table_schema = 'public' AND (table_name LIKE 'events%' OR table_name LIKE 'event_occurrence%')
         ORDER BY table_name, ordinal_position`,
      )
  const tables = new Map<string, string[]>()
  // Parents before their children, for the foreign keys.
  const rank = (table: string) => ['events', 'event_occurrences'].indexOf(table) + 1 || 3
  rows.sort((a, b) => rank(a.table as string) - rank(b.table as string))
  for (const row of rows) {
    const table = row.table as string
    tables.set(table, [...(tables.get(table) ?? []), row.column as string])
  }
  return tables
}

const SHIFTED = new Set(['id', 'parent_id', '_parent_id', 'series_id'])
const UNIQUE_TEXT = new Set(['slug', 'import_key'])

/** A copy of every event and occurrence row, with ids shifted past the imported ones and unique texts made new. */
async function copyEvents(copy: number) {
  const shift = copy * 100_000
  const tables = await eventTables()
  for (const [table, columns] of tables) {
    const values = columns.map((column) =>
      SHIFTED.has(column)
        ? `"${column}" + ${shift}`
        : UNIQUE_TEXT.has(column)
          ? `"${column}" || '-${copy}'`
          : `"${column}"`,
    )
    const names = columns.map((column) => `"${column}"`).join(', ')
    await query(
      `INSERT INTO "${table}" (${names}) SELECT ${values.join(', ')} FROM "${table}" WHERE id < 100000`,
    )
  }
  if (db().pool)
    for (const table of tables.keys())
      await query(
        `SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT max(id) FROM "${table}"))`,
        [table],
      )
}

/**
 * Leaves the planner as it is before a table's first analyze: no column statistics, no row count (PostgreSQL then
 * estimates rows from a table's size and takes default selectivities: 0.5 % for an equality or `IS NULL`). The
 * import analyzed what it wrote, as it should; this takes it back. SQLite reads its statistics when a connection
 * opens, and the namespace's reader opens at its first read, after this.
 */
async function forgetStatistics() {
  const { client, pool } = db()
  if (client) {
    await client.execute('DELETE FROM sqlite_stat1')
    return
  }
  const tables = `SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'i')`
  await pool!.query(`DELETE FROM pg_statistic WHERE starelid IN (${tables})`)
  await pool!.query(
    `UPDATE pg_class SET reltuples = -1, relpages = 0, relallvisible = 0 WHERE oid IN (${tables})`,
  )
}

const SHAPES: Record<string, string> = {
  default: '',
  window: '?start_date=2027-02-01&end_date=2027-02-28 23:59:59',
  category: '?categories=1',
  search: '?search=music',
  venue: '?venue=1',
  hideSubsequent: '?hide_subsequent_recurrences=1',
}

/** The statements `run` sends to the database, as they were sent (on SQLite, each text once: it is prepared once). */
async function statementsOf(run: () => Promise<unknown>): Promise<[string, unknown[]][]> {
  type Send = (this: unknown, text: unknown, ...rest: unknown[]) => unknown
  const sent: [string, unknown[]][] = []
  const { pool } = db()
  // Postgres reads go through the adapter's pool; SQLite's through the namespace's own libsql connection.
  const target = (pool ?? Libsql.prototype) as unknown as Record<string, Send>
  const key = pool ? 'query' : 'prepare'
  const original = target[key]
  target[key] = function (text, ...rest) {
    if (typeof text === 'string') sent.push([text, (rest[0] as unknown[]) ?? []])
    return original.call(this, text, ...rest)
  }
  try {
    await run()
  } finally {
    target[key] = original
  }
  return sent
}

/** What a plan node may read for each row of another that runs it: an index descent and the rows it finds. */
const PER_RUN_LIMIT = 16

type PostgresPlanNode = {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Actual Loops': number
  'Shared Hit Blocks': number
  'Shared Read Blocks': number
  'Rows Removed by Filter'?: number
  'Rows Removed by Join Filter'?: number
  Plans?: PostgresPlanNode[]
}

/** The nodes of a Postgres plan that, run once per row of another, read more than a look-up each time. */
function postgresRepeatedWork(node: PostgresPlanNode, found: string[] = []): string[] {
  const loops = node['Actual Loops']
  const work =
    node['Shared Hit Blocks'] +
    node['Shared Read Blocks'] +
    (node['Rows Removed by Filter'] ?? 0) +
    (node['Rows Removed by Join Filter'] ?? 0)
  if (loops > 1 && work / loops > PER_RUN_LIMIT)
    found.push(
      `${node['Node Type']} ${node['Index Name'] ?? node['Relation Name'] ?? ''}: ${loops} runs of ${Math.round(work / loops)} blocks and dropped rows`,
    )
  for (const child of node.Plans ?? []) postgresRepeatedWork(child, found)
  return found
}

type SqlitePlanRow = { id: number; parent: number; detail: string }

/**
 * The loops of a SQLite plan that run a scan, or a search by range alone, once per row of another: a nested loop
 * after the first of its level, or anything inside a correlated subquery. (SQLite runs a subquery that is not
 * correlated once.)
 */
function sqliteRepeatedWork(rows: SqlitePlanRow[]): string[] {
  const byId = new Map(rows.map((row) => [row.id, row]))
  const correlated = (row: SqlitePlanRow): boolean => {
    const parent = byId.get(row.parent)
    return !!parent && (/^CORRELATED/.test(parent.detail) || correlated(parent))
  }
  const loops = rows.filter((row) => /^(SCAN|SEARCH) /.test(row.detail))
  return loops
    .filter((row) => {
      const inner = loops.some((other) => other.parent === row.parent && other.id < row.id)
      const costly = /^SCAN (?!.*VIRTUAL TABLE)/.test(row.detail) || /\(\w+[<>]/.test(row.detail)
      return costly && (inner || correlated(row))
    })
    .map((row) => row.detail)
}

/** How the database runs `text`, as the loops that repeat a scan (empty when none does). */
async function repeatedWork(text: string, params: unknown[]): Promise<string[]> {
  if (db().client) {
    // SQLite plans a statement before its values are bound.
    const unbound = params.length
      ? params
      : text
          .split('?')
          .slice(1)
          .map(() => null)
    return sqliteRepeatedWork((await query(`EXPLAIN QUERY PLAN ${text}`, unbound)) as never)
  }
  const [row] = await query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, params)
  const [{ Plan }] = row['QUERY PLAN'] as [{ Plan: PostgresPlanNode }]
  return postgresRepeatedWork(Plan)
}

test.each(Object.entries(SHAPES))('%s', async (name, search) => {
  let took = 0
  const statements = await statementsOf(async () => {
    const started = performance.now()
    const { status } = await server.request(`/api/calendar/events/v1/events${search}`)
    took = performance.now() - started
    expect(status).toBe(200)
  })
  const reads = statements.filter(([text]) => /^\s*SELECT/i.test(text))
  expect(reads.length).toBeGreaterThan(0)
  const repeated: string[] = []
  for (const [text, params] of reads)
    for (const loop of await repeatedWork(text, params))
      repeated.push(`${loop}\n  in ${text.slice(0, 400)}`)
  // Once more, past the first request's warm-up and the answer cache (another page size): the figure the docs give.
  const again = performance.now()
  await server.request(`/api/calendar/events/v1/events${search || '?'}&per_page=11`)
  console.log(`${name}: ${took.toFixed(1)} ms, then ${(performance.now() - again).toFixed(1)} ms`)
  expect(repeated).toEqual([])
})
