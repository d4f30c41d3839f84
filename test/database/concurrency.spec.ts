import pg from 'pg'

import { lockKey, recordLock, writersAtOnce } from '../../src/database/writeLocks.js'
import { testNeeding, testOn } from '../helpers/database.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { createUser, registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'

let server: TestServer
let editor: string

beforeAll(async () => {
  server = await startTestServer()
  const admin = await registerFirstUser(server)
  editor = (await createUser(server, admin, 'editor@example.test', 'editor')).token
})
afterAll(() => server?.stop())

const send = (method: string, path: string, body?: unknown) =>
  server.request(`${NS}${path}`, { method, body, token: editor })
const inParallel = <T>(count: number, make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => make(i)))
const event = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  start_date: '2027-07-05 20:00:00',
  end_date: '2027-07-05 23:00:00',
  ...extra,
})
const statuses = (answers: { status: number }[]) => answers.map(({ status }) => status)
/** The name as given, in lower case or in upper case, by turns: names match whatever their case. */
const cased = (name: string, i: number) => [name, name.toLowerCase(), name.toUpperCase()][i % 3]
/** Records whose name is `name` but for case. */
const countNamed = async (collection: string, name: string) =>
  (
    await server.payload.find({
      collection: collection as 'venues',
      depth: 0,
      pagination: false,
      where: { name: { like: name } },
    })
  ).docs.filter((doc) => doc.name?.toLowerCase() === name.toLowerCase()).length
const stored = (id: number) =>
  server.payload.findByID({
    collection: 'events',
    id,
    depth: 0,
    locale: 'all',
    trash: true,
  }) as Promise<Record<string, any>>

describe('parallel creates', () => {
  test('50 events with one title: all created, each with its own slug', async () => {
    // Half carry a password: hashing it yields inside the write, so the writes really overlap.
    const answers = await inParallel(50, (i) =>
      send('POST', '/events', event('Same Title', i % 2 ? { password: 'pw' } : {})),
    )
    expect(statuses(answers)).toEqual(Array(50).fill(201))
    const slugs = answers.map(({ body }) => body.slug).sort()
    expect(slugs).toEqual(
      ['same-title', ...Array.from({ length: 49 }, (_, i) => `same-title-${i + 2}`)].sort(),
    )
    const { totalDocs } = await server.payload.count({
      collection: 'events',
      where: { slug: { like: 'same-title' } },
    })
    expect(totalDocs).toBe(50)
  })

  // Writers outside the namespace take no turns: the slug's unique index is what keeps their slugs apart.
  testNeeding('unique indexes')(
    'events written by another writer at the same time still get their own slugs',
    async () => {
      // Local API creates stand for the admin: they do not queue behind the namespace's writes.
      const [rest, local] = await Promise.all([
        inParallel(15, () => send('POST', '/events', event('Shared Title'))),
        inParallel(15, (i) =>
          server.payload
            .create({
              collection: 'events',
              data: {
                title: 'Shared Title',
                startDate: '2027-07-05T20:00:00Z',
                endDate: '2027-07-05T23:00:00Z',
                password: `pw${i}`,
              } as never,
            })
            .then((doc) => doc.slug as string),
        ),
      ])
      expect(statuses(rest)).toEqual(Array(15).fill(201))
      const slugs = [...rest.map(({ body }) => body.slug), ...local]
      expect(new Set(slugs).size).toBe(30)
    },
  )

  test.each(['venues', 'organizers'])(
    '20 %s with one name in three cases: one record, every answer is that record',
    async (plural) => {
      const key = plural === 'venues' ? 'venue' : 'organizer'
      const answers = await inParallel(20, (i) =>
        send('POST', `/${plural}`, { [key]: cased('Twin Name', i), phone: `555-01${i}` }),
      )
      expect(statuses(answers)).toEqual(Array(20).fill(201))
      expect(new Set(answers.map(({ body }) => body.id)).size).toBe(1)
      expect(await countNamed(plural, 'Twin Name')).toBe(1)
    },
  )

  test.each(['categories', 'tags'])(
    '20 %s with one name in three cases: one created, the others term_exists',
    async (taxonomy) => {
      const answers = await inParallel(20, (i) =>
        send('POST', `/${taxonomy}`, { name: cased('Twin Term', i) }),
      )
      const created = answers.filter(({ status }) => status === 201)
      expect(created).toHaveLength(1)
      const id = created[0].body.id
      for (const { status, body } of answers.filter((answer) => answer !== created[0])) {
        expect([status, body.code, body.data.term_id]).toEqual([400, 'term_exists', id])
      }
      expect(
        await countNamed(
          taxonomy === 'categories' ? 'event-categories' : 'event-tags',
          'Twin Term',
        ),
      ).toBe(1)
    },
  )

  test('events naming one new category and venue, in three cases, share them instead of making twins', async () => {
    const answers = await inParallel(20, (i) =>
      send(
        'POST',
        '/events',
        event('Named Links', {
          categories: [cased('Brand New Genre', i)],
          venue: { venue: cased('Brand New Hall', i + 1) },
        }),
      ),
    )
    expect(statuses(answers)).toEqual(Array(20).fill(201))
    expect(new Set(answers.map(({ body }) => body.categories[0].id)).size).toBe(1)
    expect(new Set(answers.map(({ body }) => body.venue.id)).size).toBe(1)
    expect(await countNamed('event-categories', 'Brand New Genre')).toBe(1)
    expect(await countNamed('venues', 'Brand New Hall')).toBe(1)
  })
})

describe('parallel writes to one event', () => {
  test('updates in two languages end as one whole write per language, relations included', async () => {
    const tags = await inParallel(10, (i) => send('POST', '/tags', { name: `Version ${i}` }))
    const { body: created } = await send('POST', '/events', event('Original'))
    const answers = await inParallel(20, (i) => {
      const n = i >> 1
      return i % 2
        ? send('PATCH', `/events/${created.id}?ml_language=zh-hant`, {
            title: `標題 ${n}`,
            excerpt: `摘要 ${n}`,
          })
        : send('PATCH', `/events/${created.id}`, {
            title: `Title ${n}`,
            excerpt: `Excerpt ${n}`,
            cost: `${n}`,
            tags: [tags[n].body.id],
          })
    })
    expect(statuses(answers)).toEqual(Array(20).fill(200))
    const doc = await stored(created.id)
    const en = Number(/^Title (\d)$/.exec(doc.title.en)![1])
    expect([doc.excerpt.en, doc.cost, doc.tags]).toEqual([
      `Excerpt ${en}`,
      `${en}`,
      [tags[en].body.id],
    ])
    const zh = Number(/^標題 (\d)$/.exec(doc.title['zh-hant'])![1])
    expect(doc.excerpt['zh-hant']).toBe(`摘要 ${zh}`)
  })

  test('a delete racing updates ends trashed; each update is applied before it or refused after it', async () => {
    for (let round = 0; round < 5; round++) {
      const { body: created } = await send('POST', '/events', event(`Race ${round}`))
      const [removal, ...updates] = await Promise.all([
        send('DELETE', `/events/${created.id}`),
        ...Array.from({ length: 6 }, (_, i) =>
          send('PATCH', `/events/${created.id}`, { excerpt: `Edit ${i}` }),
        ),
      ])
      expect(removal.status).toBe(200)
      for (const { status, body } of updates) {
        expect(status === 200 || (status === 410 && body.code === 'event-is-in-trash')).toBe(true)
      }
      const doc = await stored(created.id)
      expect(doc.deletedAt).toBeTruthy()
      const applied = updates.flatMap(({ status }, i) => (status === 200 ? [`Edit ${i}`] : []))
      expect(applied.length ? applied : [null]).toContain(doc.excerpt?.en ?? null)
    }
  })
})

test('term counts stay true under parallel creates, updates and deletes of events carrying them', async () => {
  const terms = [
    (await send('POST', '/categories', { name: 'Counted A' })).body.id,
    (await send('POST', '/categories', { name: 'Counted B' })).body.id,
  ]
  // What each event is, by the writes confirmed: its categories, its status, whether it is in the trash.
  const events = Array.from({ length: 30 }, (_, i) => ({
    categories: i % 2 ? terms : [terms[0]],
    status: i % 5 ? 'publish' : 'draft',
    trashed: false,
  }))
  const expectCounts = async () => {
    for (const id of terms) {
      const counted = events.filter(
        (event) => !event.trashed && event.status === 'publish' && event.categories.includes(id),
      ).length
      expect([id, (await send('GET', `/categories/${id}`)).body.count]).toEqual([id, counted])
    }
  }
  const created = await inParallel(30, (i) =>
    send(
      'POST',
      '/events',
      event(`Counted ${i}`, { categories: events[i].categories, status: events[i].status }),
    ),
  )
  expect(statuses(created)).toEqual(Array(30).fill(201))
  await expectCounts()
  const changed = await inParallel(30, (i) => {
    const path = `/events/${created[i].body.id}`
    if (i % 3 === 0) {
      events[i].trashed = true
      return send('DELETE', path)
    }
    if (i % 3 === 1) {
      events[i].categories = [terms[1]]
      return send('PATCH', path, { categories: [terms[1]] })
    }
    events[i].status = i % 2 ? 'draft' : 'publish'
    return send('PATCH', path, { status: events[i].status })
  })
  expect(statuses(changed)).toEqual(Array(30).fill(200))
  await expectCounts()
})

describe("writers' turns (PostgreSQL)", () => {
  const onPostgres = testOn(
    'postgres',
    'only PostgreSQL makes writers wait for each other in the database',
  )

  /** Runs `work` while another session holds the turn of writers of event `id`, in a transaction of its own. */
  async function holdingRecord<T>(id: number, work: () => Promise<T>): Promise<T> {
    const holder = new pg.Client({ connectionString: server.database.uri })
    await holder.connect()
    try {
      await holder.query('BEGIN')
      await holder.query(`SELECT pg_advisory_xact_lock(${lockKey(recordLock('events', id))})`)
      return await work()
    } finally {
      await holder.query('COMMIT')
      await holder.end()
    }
  }

  /** Waits until `sessions` sessions of the test's database wait for an advisory lock. */
  async function untilWaitingForLock(sessions = 1) {
    for (;;) {
      const admin = new pg.Client({ connectionString: server.database.uri })
      await admin.connect()
      const { rows } = await admin.query(
        `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database =
          (SELECT oid FROM pg_database WHERE datname = current_database())`,
      )
      await admin.end()
      if (rows.length >= sessions) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  onPostgres(
    "a write waiting for its record's turn holds up no other write of the process",
    async () => {
      const held = (await send('POST', '/events', event('Waiting for its turn'))).body.id
      let waiting = true
      const { update } = await holdingRecord(held, async () => {
        const update = send('POST', `/events/${held}`, { title: 'Renamed after its turn' })
        void update.finally(() => (waiting = false))
        await untilWaitingForLock()
        // Were this process's writes queued, this one would wait behind the update (and answer 503 after 30 s).
        const other = await send('POST', '/events', event('Not held up'))
        expect([other.status, waiting]).toEqual([201, true])
        // In an object: an async function returning the promise itself would wait for it, before the turn ends.
        return { update }
      })
      const renamed = await update
      expect([renamed.status, renamed.body.title]).toEqual([200, 'Renamed after its turn'])
    },
  )

  onPostgres('a burst of writes waiting for their turn leaves connections to reads', async () => {
    const held = (await send('POST', '/events', event('Wanted by many'))).body.id
    const { updates } = await holdingRecord(held, async () => {
      // More writes than pg's pool of 10 has connections: were they all let in, they would hold every one.
      const updates = inParallel(12, (i) =>
        send('POST', `/events/${held}`, { excerpt: `Turn ${i}` }),
      )
      await untilWaitingForLock(writersAtOnce(server.payload.db))
      const read = await server.request(`${NS}/events?per_page=1&search=wanted`)
      expect(read.status).toBe(200)
      return { updates }
    })
    expect(statuses(await updates)).toEqual(Array(12).fill(200))
  })

  /** The statements of each transaction `run` made, in the order they began (lower case). */
  async function transactionsOf(run: () => Promise<void>): Promise<string[][]> {
    type Query = (this: object, text: unknown, ...rest: unknown[]) => unknown
    const { Client } = (
      server.payload.db as unknown as { pool: { Client: { prototype: { query: Query } } } }
    ).pool
    const original = Client.prototype.query
    const open = new Map<object, string[]>()
    const transactions: string[][] = []
    Client.prototype.query = function (text, ...rest) {
      const statement = (
        typeof text === 'string' ? text : ((text as { text?: string })?.text ?? '')
      )
        .trim()
        .toLowerCase()
      if (statement === 'begin') {
        open.set(this, [])
        transactions.push(open.get(this)!)
      }
      open.get(this)?.push(statement)
      if (statement === 'commit' || statement === 'rollback') open.delete(this)
      return original.call(this, text, ...rest)
    }
    try {
      await run()
    } finally {
      Client.prototype.query = original
    }
    return transactions
  }

  onPostgres(
    'the change stamp is written once per write, as its last statement before COMMIT; a single event keeps one occurrence row and no counts',
    async () => {
      let id = 0
      const [create, update, trash] = await transactionsOf(async () => {
        const created = await send('POST', '/events', event('Stamped once'))
        id = created.body.id
        const moved = await send('POST', `/events/${id}`, {
          start_date: '2027-07-06 20:00:00',
          end_date: '2027-07-06 23:00:00',
        })
        const trashed = await send('DELETE', `/events/${id}`)
        expect([created.status, moved.status, trashed.status]).toEqual([201, 200, 200])
      })
      const writes = [create, update, trash]
      /** Statements that read or write occurrences or their counts (Payload's document locks only name them). */
      const occurrenceWork =
        /^(insert into|update|delete from) "event_occurrence|\bfrom "event_occurrence/
      const count = (statements: string[], pattern: RegExp) =>
        statements.filter((text) => pattern.test(text)).length
      expect(
        writes.map((statements) => count(statements, /^update "calendar_change_stamp"/)),
      ).toEqual([1, 1, 1])
      expect(writes.map((statements) => statements.at(-2)?.slice(0, 30))).toEqual(
        Array(3).fill('update "calendar_change_stamp"'),
      )
      // The create writes its one occurrence and nothing else of occurrences: no turn to wait for, no read, no counts.
      const seriesTurn = `pg_advisory_xact_lock(${lockKey(`occurrences ${id}`)})`
      expect([
        count(create, occurrenceWork),
        count(create, /^insert into "event_occurrences"/),
        count(create, /event_occurrence_counts/),
        create.some((text) => text.includes(seriesTurn)),
      ]).toEqual([1, 1, 0, false])
      // Moving it rewrites that row; it never had counts to forget. Trashing it leaves occurrences alone.
      expect([count(update, /event_occurrence_counts/), count(trash, occurrenceWork)]).toEqual([
        0, 0,
      ])
    },
  )
})
