/**
 * `src/database/adapter.ts` is the one module that reaches into the internals of Payload's adapters. Its
 * accessors are checked here against a real database (those of read replicas in read-replicas.spec.ts), and its
 * start-up check against adapters that lack an internal: what can safely go is turned off with a warning, what the
 * calendar's guarantees rest on stops the start.
 */
import type { DatabaseAdapterObj, Payload } from 'payload'

import { resolveOptions } from '../../src/core/options.js'
import {
  AdapterInternalsMissing,
  checkMongoInternals,
  columnOf,
  ensureGlobalDocument,
  executeRaw,
  hasFeature,
  insertRows,
  libsqlClient,
  mainTableOf,
  nextSequence,
  postgresPools,
  primaryPool,
  rawTablesOf,
  replicaSet,
  sqliteWalFile,
  transactionSession,
  updateRows,
  writeLockDocument,
} from '../../src/database/adapter.js'
import { withCalendarSafeguards } from '../../src/database/safeguards.js'
import { sqlConnection } from '../../src/database/sql/connection.js'
import { databaseAdapter } from '../../host/database.js'
import { describeOn, describeOnSql, testOn } from '../helpers/database.js'
import { startTestServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let payload: Payload

beforeAll(async () => {
  server = await startTestServer()
  payload = server.payload
})

afterAll(async () => {
  await server?.stop()
})

const isPostgres = () => server.database.kind === 'postgres'

describeOnSql()('the accessors', () => {
  test('find every feature of the adapter Payload runs on', () => {
    const features = [
      'sqlReads',
      'schemaIndexes',
      'resilientPool',
      'plannerStatistics',
      'transactions',
      'replicaRouting',
      'bulkWrites',
    ] as const
    expect(features.filter((feature) => !hasFeature(payload.db, feature))).toEqual([])
  })

  test('name the tables and columns of collections and globals', () => {
    expect(mainTableOf(payload.db, 'events')).toBe('events')
    expect(mainTableOf(payload.db, 'event-categories')).toBe('event_categories')
    expect(mainTableOf(payload.db, 'calendar-change-stamp')).toBe('calendar_change_stamp')
    expect(columnOf(payload.db, 'events', 'startDate')).toBe('start_date')
    expect(columnOf(payload.db, 'events_locales', 'title')).toBe('title')
    const tables = rawTablesOf(payload.db, 'events')
    expect(tables?.names).toEqual({
      main: 'events',
      locales: 'events_locales',
      rels: 'events_rels',
    })
    expect(Object.keys(tables?.main?.indexes ?? {})).toContain('events_id_list_idx')
    expect(tables?.rels?.columns).toHaveProperty('event-categoriesID')
  })

  test('run raw statements on the connection', async () => {
    const rows = (await executeRaw(payload.db, 'SELECT 1 AS one')) as { one: unknown }[]
    expect(rows.map((row) => Number(row.one))).toEqual([1])
  })

  test("reach the driver's own connection: the Postgres pool, or the libsql client and the WAL file", async () => {
    if (isPostgres()) {
      expect((await primaryPool(payload.db)!.query('SELECT 2 AS two', [])).rows).toEqual([
        { two: 2 },
      ])
      expect(libsqlClient(payload.db)).toBeUndefined()
      const [pool] = postgresPools(payload.db)
      expect([pool.options.query_timeout, pool.options.connectionTimeoutMillis]).toEqual([
        10_000, 5_000,
      ])
      expect(sqliteWalFile(payload.db)).toBeUndefined()
    } else {
      const { rows } = await libsqlClient(payload.db)!.execute({ sql: 'SELECT 2 AS two', args: [] })
      expect(rows.map((row) => Number(row.two))).toEqual([2])
      expect(primaryPool(payload.db)).toBeUndefined()
      expect(sqliteWalFile(payload.db)).toEqual({
        path: server.database.uri.slice('file:'.length),
        busyTimeout: 5_000,
      })
    }
    expect(replicaSet(payload.db)).toBeUndefined()
  })

  test('find an open transaction and run statements inside it', async () => {
    const id = await payload.db.beginTransaction()
    const session = transactionSession(payload.db, id!)
    expect(session).toBeDefined()
    await executeRaw(payload.db, `UPDATE event_tags SET count = 7 WHERE id = -1`, session)
    await payload.db.commitTransaction(id!)
    expect(transactionSession(payload.db, id!)).toBeUndefined()
  })

  test('insert and update many rows inside an open transaction, gone with it when it rolls back', async () => {
    const event = await payload.create({
      collection: 'events',
      data: {
        title: 'Rows of its own',
        startDate: '2031-03-01T10:00:00.000Z',
        endDate: '2031-03-01T11:00:00.000Z',
      } as never,
      overrideAccess: true,
    })
    const rows = ['2031-03-02', '2031-03-03'].map((key) => ({
      series: event.id,
      key,
      startDate: `${key}T10:00:00.000Z`,
      endDate: `${key}T11:00:00.000Z`,
    }))
    const keysOf = async (req: object) =>
      (
        await payload.find({
          collection: 'event-occurrences',
          where: { series: { equals: event.id } },
          sort: 'key',
          req,
          overrideAccess: true,
        })
      ).docs.map((doc) => [doc.key, doc.endDate, doc.cancelled])
    const transactionID = (await payload.db.beginTransaction())!
    const req = { transactionID }
    await insertRows(payload.db, 'event-occurrences', rows, transactionID)
    const made = (
      await payload.find({
        collection: 'event-occurrences',
        where: { key: { equals: '2031-03-03' } },
        req,
        overrideAccess: true,
      })
    ).docs[0]
    await updateRows(
      payload.db,
      'event-occurrences',
      [{ id: made.id, values: { endDate: '2031-03-03T12:00:00.000Z' } }],
      transactionID,
    )
    expect(await keysOf(req)).toEqual([
      ['2031-03-01', '2031-03-01T11:00:00.000Z', false],
      ['2031-03-02', '2031-03-02T11:00:00.000Z', false],
      ['2031-03-03', '2031-03-03T12:00:00.000Z', false],
    ])
    await payload.db.rollbackTransaction(transactionID)
    expect(await keysOf({})).toEqual([['2031-03-01', '2031-03-01T11:00:00.000Z', false]])
  })

  testOn('postgres', 'the trigram index')(
    'make the search index a trigram index on Postgres',
    async () => {
      const rows = (await executeRaw(
        payload.db,
        "SELECT indexdef FROM pg_indexes WHERE indexname = 'events_search_text_trgm_idx'",
      )) as { indexdef: string }[]
      expect(rows[0]?.indexdef).toMatch(/USING gin \(search_text gin_trgm_ops\)/)
    },
  )
})

describeOnSql()('the start-up check', () => {
  /** The host's adapter, with `remove` taken from the adapter Payload makes, wrapped by the plugin. */
  const adapterWithout = async (remove: string): Promise<DatabaseAdapterObj> => {
    const host = await databaseAdapter(server.database.uri)
    const lacking: DatabaseAdapterObj = {
      ...host,
      init: (args) => {
        const adapter = host.init(args) as unknown as Record<string, unknown>
        delete adapter[remove]
        return adapter as never
      },
    }
    return withCalendarSafeguards(lacking, resolveOptions({}), ['events'])
  }

  const warnings: string[] = []
  const quietPayload = () =>
    ({
      ...payload,
      logger: { ...payload.logger, warn: (message: string) => warnings.push(message) },
    }) as unknown as Payload

  test('refuses to start without an internal the calendar relies on, naming the versions and the internal', async () => {
    const adapter = await adapterWithout('sessions')
    const start = () => adapter.init({ payload: quietPayload() })
    expect(start).toThrow(AdapterInternalsMissing)
    const kind = isPostgres() ? 'postgres' : 'sqlite'
    expect(start).toThrow(
      new RegExp(
        `@payloadcms/db-${kind} 3\\.\\d+\\.\\d+ with payload 3\\.\\d+\\.\\d+: the adapter has no \`sessions\``,
      ),
    )
  })

  test('turns off what it can do without, with a warning', async () => {
    warnings.length = 0
    const adapter = (await adapterWithout('rawTables')).init({ payload: quietPayload() })
    expect(hasFeature(adapter, 'schemaIndexes')).toBe(false)
    expect(hasFeature(adapter, 'transactions')).toBe(true)
    expect(warnings).toEqual([
      expect.stringMatching(
        /has no `rawTables`, needed for its read and search indexes; turned off/,
      ),
    ])
  })

  test('without the tables its SQL reads and bulk writes are built from, the namespace reads and writes through the Local API', async () => {
    warnings.length = 0
    const adapter = (await adapterWithout('tables')).init({ payload: quietPayload() })
    expect(hasFeature(adapter, 'sqlReads')).toBe(false)
    expect(hasFeature(adapter, 'bulkWrites')).toBe(false)
    expect(warnings).toEqual([
      expect.stringMatching(/has no `tables`, needed for its SQL reads; turned off/),
      expect.stringMatching(
        /has no `tables`, needed for writing many rows at once; turned off: a series' occurrences are written one record at a time/,
      ),
    ])
    expect(primaryPool(adapter) ?? libsqlClient(adapter)).toBeUndefined()
    expect(await sqlConnection({ db: adapter } as unknown as Payload)).toBeNull()
  })
})

const describeOnMongo = describeOn('mongo', "MongoDB's adapter internals")

describeOnMongo('the MongoDB accessors', () => {
  test('refuse to start without an internal the numbers and locks rest on, naming the versions', () => {
    expect(() => checkMongoInternals(payload.db)).not.toThrow()
    for (const internal of ['sessions', 'connection']) {
      const lacking = Object.assign(Object.create(payload.db) as object, { [internal]: undefined })
      expect(() => checkMongoInternals(lacking)).toThrow(AdapterInternalsMissing)
      expect(() => checkMongoInternals(lacking)).toThrow(
        /@payloadcms\/db-mongodb 3\.\d+\.\d+ with payload 3\.\d+\.\d+: the adapter has no `/,
      )
    }
  })

  test('hand out each number of a sequence once, to writers asking at the same time', async () => {
    const numbers = await Promise.all(
      Array.from({ length: 20 }, () => nextSequence(payload.db, 'boundary test')),
    )
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    expect(await nextSequence(payload.db, 'another sequence')).toBe(1)
  })

  test("make a global's document once, and leave one that exists as it is", async () => {
    const slug = 'calendar-change-stamp'
    const { connection } = payload.db as unknown as {
      connection: { db: { collection: (name: string) => Globals } }
    }
    type Globals = {
      countDocuments: (filter: object) => Promise<number>
      deleteMany: (filter: object) => Promise<unknown>
    }
    const globals = connection.db.collection('globals')
    const stampOf = async () => (await payload.db.findGlobal({ slug, req: {} }))?.stamp
    const made = await stampOf()
    expect(made).toEqual(expect.any(String))
    await ensureGlobalDocument(payload.db, slug, { stamp: 'again' })
    expect(await stampOf()).toBe(made)

    await globals.deleteMany({ globalType: slug })
    await Promise.all(
      ['first', 'second', 'third'].map((stamp) =>
        ensureGlobalDocument(payload.db, slug, { stamp }),
      ),
    )
    expect(await globals.countDocuments({ globalType: slug })).toBe(1)
    expect(['first', 'second', 'third']).toContain(await stampOf())
  })

  test('write a lock document inside a transaction, and none without one', async () => {
    type Locks = { findOne: (filter: object) => Promise<{ name: string; writes: number } | null> }
    const { connection, sessions } = payload.db as unknown as {
      connection: {
        db: { collection: (name: string) => Locks }
        getClient: () => { startSession: () => { endSession: () => Promise<void> } }
      }
      sessions: Record<string, object | undefined>
    }
    const locks = connection.db.collection('calendar_locks')
    expect(await writeLockDocument(payload.db, 'no such transaction', 'record events 1')).toBe(
      false,
    )
    expect(await locks.findOne({ name: 'record events 1' })).toBeNull()

    const session = connection.getClient().startSession()
    sessions['boundary transaction'] = session
    try {
      for (let i = 0; i < 2; i++)
        expect(await writeLockDocument(payload.db, 'boundary transaction', 'record events 1')).toBe(
          true,
        )
    } finally {
      delete sessions['boundary transaction']
      await session.endSession()
    }
    // CongoDB ignores sessions, so this shows the document each writer writes, not that a second waits.
    expect(await locks.findOne({ name: 'record events 1' })).toMatchObject({ writes: 2 })
  })
})
