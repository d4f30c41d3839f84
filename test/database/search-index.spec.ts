/**
 * The search indexes a site gets: on PostgreSQL the trigram index is part of the schema the plugin adds (so the
 * site's own `migrate:create` writes it), on SQLite it is the migration Payload writes from the plugin's
 * predefined one (`payload migrate:create --file payload-events-calendar/migrations/sqlite-search-index`).
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { createCalendar } from '../helpers/calendar.js'
import { testOn } from '../helpers/database.js'
import { ROOT } from '../helpers/run.js'
import { startTestServer, type TestServer } from '../helpers/server.js'

const NS = '/api/calendar/events/v1'

type SqlDb = {
  name: string
  drizzle: unknown
  migrationDir: string
  execute: (args: { drizzle: unknown; raw: string }) => Promise<{ rows: Record<string, unknown>[] }>
  createMigration: (args: {
    file: string
    forceAcceptWarning: boolean
    payload: unknown
  }) => Promise<void>
}

let server: TestServer
const db = () => server.payload.db as unknown as SqlDb
const query = (raw: string) => db().execute({ drizzle: db().drizzle, raw })
const titles = async (search: string) =>
  (
    (await server.request(`${NS}/events?search=${encodeURIComponent(search)}&per_page=50`)).body
      .events ?? []
  )
    .map((event: { title: string }) => event.title)
    .sort()

beforeAll(async () => {
  server = await startTestServer()
  await createCalendar(server.payload)
})

afterAll(async () => {
  await server?.stop()
})

const onPostgres = testOn('postgres', 'the trigram index')
const onSqlite = testOn('sqlite', 'the full-text index')

onPostgres(
  'the trigram index over the events search text is a GIN index of the schema',
  async () => {
    const { rows } = await query(
      `SELECT indexdef FROM pg_indexes WHERE indexname = 'events_search_text_trgm_idx'`,
    )
    expect(rows.map((row) => row.indexdef)).toEqual([
      expect.stringMatching(/USING gin \(search_text gin_trgm_ops\)/),
    ])
  },
)

onSqlite(
  "Payload writes the full-text index's migration from the plugin's, and searches use it",
  async () => {
    const before = await titles('jazz')
    expect(before.length).toBeGreaterThan(0)
    // This database has the index from the development host's own migrations: take it away first.
    for (const statement of [
      'DROP TRIGGER events_search_text_fts_update',
      'DROP TRIGGER events_search_text_fts_delete',
      'DROP TRIGGER events_search_text_fts_insert',
      'DROP TABLE events_search_text_fts',
    ]) {
      await query(statement)
    }

    // Inside the project, where the migration's own imports resolve.
    fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true })
    const dir = fs.mkdtempSync(path.join(ROOT, 'test-results', 'migrations-'))
    const migrationDir = db().migrationDir
    db().migrationDir = dir
    // Payload loads the predefined migration with an import hidden in eval, which jest's module system cannot run;
    // the flag is its own switch to a plain import.
    process.env.VITEST = 'true'
    try {
      await db().createMigration({
        file: 'payload-events-calendar/migrations/sqlite-search-index',
        forceAcceptWarning: true,
        payload: server.payload,
      })
    } finally {
      db().migrationDir = migrationDir
      delete process.env.VITEST
    }
    const [file] = fs.readdirSync(dir).filter((name) => /_sqlite_search_index\.ts$/.test(name))
    const migration = (await import(pathToFileURL(path.join(dir, file)).href)) as {
      up: (args: { db: unknown; payload: unknown; req: unknown }) => Promise<void>
    }
    await migration.up({ db: db().drizzle, payload: server.payload, req: {} })
    fs.rmSync(dir, { force: true, recursive: true })

    const { rows } = await query(
      `SELECT count(*) AS indexed FROM events_search_text_fts WHERE events_search_text_fts MATCH '"jazz"'`,
    )
    expect(Number(rows[0].indexed)).toBeGreaterThan(0)
    expect(await titles('jazz')).toEqual(before)
  },
)
