/**
 * Commands that write many records leave the query planners statistics of the tables they filled, as they finish:
 * the importer, the migrations that fill rows (in their transaction) and the Chinese conversion. Until then
 * PostgreSQL plans from what its last analyze saw, and SQLite from nothing.
 */
import type { Client } from '@libsql/client'
import type { Payload, PayloadRequest } from 'payload'
import type { Pool } from 'pg'

import fs from 'node:fs'
import path from 'node:path'
import { commitTransaction, createLocalReq, initTransaction } from 'payload'

import { importCalendarDataset } from '../../src/exports/index.js'
import { migrateChineseScripts } from '../../src/exports/migrations/chineseScripts.js'
import {
  migrateOccurrenceCounts,
  migrateOccurrences,
} from '../../src/exports/migrations/occurrences.js'
import { migrateSearchText } from '../../src/exports/migrations/searchText.js'
import { ROOT } from '../helpers/run.js'
import { startTestServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let payload: Payload

beforeAll(async () => {
  server = await startTestServer()
  payload = server.payload
})
afterAll(() => server?.stop())

const db = () => payload.db as unknown as { client?: Client; pool?: Pool }

async function query(text: string, args: string[] = []): Promise<Record<string, unknown>[]> {
  const { client, pool } = db()
  if (client) return (await client.execute({ sql: text, args })).rows
  return (await pool!.query(text, args)).rows
}

/** Forgets when the tables were last analyzed (SQLite: their statistics), so that a new analyze shows. */
async function forget(tables: string[]) {
  for (const table of tables)
    await (db().client
      ? query(`DELETE FROM sqlite_stat1 WHERE tbl = ?`, [table])
      : query(`SELECT pg_stat_reset_single_table_counters($1::regclass)`, [table]))
}

/** The tables of `tables` analyzed since `forget`. */
async function analyzed(tables: string[]): Promise<string[]> {
  const found = []
  for (const table of tables) {
    const [row] = db().client
      ? await query(`SELECT 1 AS done FROM sqlite_stat1 WHERE tbl = ? LIMIT 1`, [table])
      : await query(
          `SELECT 1 AS done FROM pg_stat_user_tables WHERE relname = $1 AND last_analyze IS NOT NULL`,
          [table],
        )
    if (row) found.push(table)
  }
  return found
}

/** Runs `fill` as Payload runs a migration's `up`: in a transaction of its own, committed after. */
async function asMigration(fill: (req: PayloadRequest) => Promise<unknown>) {
  const req = await createLocalReq({}, payload)
  await initTransaction(req)
  await fill(req)
  await commitTransaction(req)
}

const EVENT_TABLES = ['events', 'events_locales', 'events_rels']
const OCCURRENCE_TABLES = ['event_occurrences', 'event_occurrence_counts']

test('an import analyzes what it wrote', async () => {
  // The demo has no recurring event, so no counts: SQLite keeps no statistics of an empty table.
  const tables = [...EVENT_TABLES, 'event_occurrences', 'venues', 'organizers', 'event_categories']
  await forget(tables)
  const dataset = JSON.parse(fs.readFileSync(path.join(ROOT, 'seed/demo.json'), 'utf8'))
  await importCalendarDataset(payload, dataset)
  expect(await analyzed(tables)).toEqual(tables)
})

test('the migrations that fill rows analyze the tables they filled, in their transaction', async () => {
  await payload.create({
    collection: 'events',
    data: {
      title: 'Weekly',
      status: 'publish',
      startDate: '2027-03-09T11:00:00.000Z',
      endDate: '2027-03-09T13:00:00.000Z',
      recurrence: { rule: 'FREQ=WEEKLY;COUNT=10' },
    } as never,
  })
  for (const fill of [migrateOccurrences, migrateOccurrenceCounts]) {
    await forget(OCCURRENCE_TABLES)
    await asMigration((req) => fill({ payload, req }))
    expect(await analyzed(OCCURRENCE_TABLES)).toEqual(OCCURRENCE_TABLES)
  }
  const searched = ['events', 'venues', 'organizers']
  await forget(searched)
  await asMigration((req) => migrateSearchText({ payload, req, all: true }))
  expect(await analyzed(searched)).toEqual(searched)
})

test('the Chinese conversion analyzes the collections it converted, and only those', async () => {
  const { id } = await payload.create({
    collection: 'venues',
    data: { name: 'Untitled', status: 'publish' } as never,
  })
  // Written past every hook, as a venue saved before conversion existed.
  await payload.db.updateOne({
    collection: 'venues',
    id,
    data: { name: { en: 'Untitled', 'zh-hans': '广州美食节' } },
    req: {},
    returning: false,
  } as never)
  await forget(['venues_locales', 'organizers_locales'])
  await migrateChineseScripts({ payload, req: {} })
  expect(await analyzed(['venues_locales', 'organizers_locales'])).toEqual(['venues_locales'])
})
