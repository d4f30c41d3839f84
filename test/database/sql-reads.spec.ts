/**
 * On the SQL adapters, the namespace reads pages and records in SQL instead of through the Local API. For every
 * kind of filter the routes use, each caller and each language, both must give the same records, in the same
 * order, with the same totals and the same field values.
 */
import type { Pool } from 'pg'
import type { Payload, PayloadRequest, Where } from 'payload'

import { createLocalReq } from 'payload'

import type { RestCall } from '../../src/rest/route.js'

import { pluginOptionsOf } from '../../src/core/options.js'
import { collectionTables } from '../../src/database/sql/collectionTables.js'
import { sqlConnection } from '../../src/database/sql/connection.js'
import { whereToSql } from '../../src/database/sql/whereToSql.js'
import { NAMESPACE_REQUEST } from '../../src/hooks/protectedFields.js'
import {
  findOccurrencePage,
  throughLocalApi as occurrencesThroughLocalApi,
} from '../../src/query/occurrenceReads.js'
import { findByIds, findPage, readsInSql } from '../../src/query/reads.js'
import { searchCondition } from '../../src/query/search.js'
import { createCalendar, inDays } from '../helpers/calendar.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { createUser, registerFirstUser } from '../helpers/users.js'

let server: TestServer
let payload: Payload
let calendar: Awaited<ReturnType<typeof createCalendar>>
const users: Record<string, PayloadRequest['user']> = {}

beforeAll(async () => {
  server = await startTestServer()
  payload = server.payload
  const admin = await registerFirstUser(server)
  const author = await createUser(server, admin, 'author@example.test', 'author')
  await createUser(server, admin, 'editor@example.test', 'editor')
  calendar = await createCalendar(payload)
  for (const [title, rule, categories] of [
    ['Weekly jazz', 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=20', [calendar.categories.jazz.id]],
    ['Monthly sports', 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=6', [calendar.categories.sports.id]],
    // Enough occurrences for a first page to be read by checking each one's event (`PROBE_SHARE`).
    ['Daily yoga', 'FREQ=DAILY;COUNT=150', []],
  ] as const) {
    await payload.create({
      collection: 'events',
      data: {
        title,
        startDate: inDays(1, 19),
        endDate: inDays(1, 21),
        status: 'publish',
        recurrence: { rule },
        categories,
      } as never,
    })
  }
  await payload.update({
    collection: 'events',
    id: calendar.events.draft.id,
    data: { author: author.id },
  })
  await payload.update({
    collection: 'events',
    id: calendar.events.pending.id,
    data: { slugGiven: true, publishedAt: '2026-11-01T10:00:00.000Z' },
  })
  for (const email of ['author@example.test', 'editor@example.test']) {
    users[email] = (
      await payload.find({ collection: 'users', where: { email: { equals: email } } })
    ).docs[0] as PayloadRequest['user']
  }
})

afterAll(async () => {
  await server?.stop()
})

async function callAs(email: string | null, locale: string): Promise<RestCall> {
  const req = await createLocalReq(
    { user: email ? users[email]! : undefined, locale: locale as 'en' },
    payload,
  )
  return { req, locale, options: pluginOptionsOf(payload.config) } as unknown as RestCall
}

/** The Local API's answer, as the caller; hidden fields shown as the routes ask, write-only ones left out. */
async function throughLocalApi(
  call: RestCall,
  collection: 'events' | 'organizers' | 'venues',
  where: Where,
  sort: string[],
  trash = false,
) {
  const result = await payload.find({
    collection,
    where,
    sort,
    limit: 100,
    depth: 0,
    locale: call.locale as 'en',
    overrideAccess: false,
    user: call.req.user,
    req: call.req,
    showHiddenFields: true,
    trash,
    context: { [NAMESPACE_REQUEST]: true },
  })
  return { docs: result.docs.map(withoutWriteOnly), totalDocs: result.totalDocs }
}

const withoutWriteOnly = (doc: unknown) => {
  const { searchText: _searchText, ...rest } = doc as Record<string, unknown>
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined))
}

test('events, venues, organizers, categories and tags are read in SQL; images through the Local API', async () => {
  for (const collection of [
    'events',
    'venues',
    'organizers',
    'event-categories',
    'event-tags',
    'event-occurrences',
  ] as const) {
    expect(await readsInSql(payload, collection)).toBe(true)
  }
  expect(await readsInSql(payload, 'media')).toBe(false)
})

const EVENT_FILTERS: [string, () => Where][] = [
  ['everything', () => ({})],
  [
    'published and listed',
    () => ({
      and: [{ status: { equals: 'publish' } }, { hideFromListings: { not_equals: true } }],
    }),
  ],
  [
    'a date window',
    () => ({
      and: [
        { startDate: { greater_than_equal: inDays(0) } },
        { endDate: { less_than_equal: inDays(30) } },
      ],
    }),
  ],
  [
    'categories',
    () => ({ categories: { in: [calendar.categories.jazz.id, calendar.categories.sports.id] } }),
  ],
  ['no venue among', () => ({ venue: { not_in: [calendar.venues.hall.id] } })],
  ['an organizer', () => ({ organizers: { equals: calendar.organizers.bob.id } })],
  ['words of the search text', () => ({ searchText: { like: 'jazz night' } })],
  [
    'featured or ticketed',
    () => ({ or: [{ featured: { equals: true } }, { ticketed: { equals: true } }] }),
  ],
  ['with a parent', () => ({ parent: { exists: true } })],
  [
    'by id',
    () => ({
      id: {
        in: [calendar.events.jazzNight.id, calendar.events.secret.id, calendar.events.draft.id],
      },
    }),
  ],
  [
    'published or given a slug',
    () => ({ or: [{ status: { not_in: ['draft', 'pending'] } }, { slugGiven: { equals: true } }] }),
  ],
]

describe.each([
  ['anonymous', null],
  ['an author', 'author@example.test'],
  ['an editor', 'editor@example.test'],
])('events read in SQL as %s equal the Local API', (_name, email) => {
  test.each(EVENT_FILTERS)('%s, in English and Traditional Chinese', async (_filter, where) => {
    for (const locale of ['en', 'zh-hant']) {
      const call = await callAs(email, locale)
      const sort = ['startDate', 'id']
      const expected = await throughLocalApi(call, 'events', where(), sort)
      const actual = await findPage(call, {
        collection: 'events',
        where: where(),
        sort,
        page: 1,
        limit: 100,
      })
      expect({ docs: actual.docs.map(withoutWriteOnly), totalDocs: actual.totalDocs }).toEqual(
        expected,
      )
    }
  })
})

describe.each([
  ['anonymous', null],
  ['an author', 'author@example.test'],
  ['an editor', 'editor@example.test'],
])('occurrences of events read in SQL as %s equal the Local API', (_name, email) => {
  const window = (): Where[] => [
    { startDate: { greater_than_equal: inDays(0) } },
    { endDate: { less_than_equal: inDays(60) } },
  ]
  test.each(EVENT_FILTERS)(
    '%s, in a window, every occurrence and each series once',
    async (_filter, where) => {
      const call = await callAs(email, 'en')
      for (const firstOfSeries of [false, true]) {
        for (const [page, limit] of [
          [1, 100],
          [2, 7],
          [1, 1],
        ]) {
          const query = {
            events: where(),
            trash: false,
            dates: window(),
            sort: ['startDate', 'id'],
            page,
            limit,
            firstOfSeries,
          }
          expect(await findOccurrencePage(call, query)).toEqual(
            await occurrencesThroughLocalApi(call, query),
          )
        }
      }
    },
  )
  test("by the events' publication date, then start", async () => {
    const call = await callAs(email, 'zh-hant')
    const query = {
      events: {},
      trash: false,
      dates: [],
      sort: ['series.publishedAt', 'startDate', 'id'],
      page: 1,
      limit: 200,
    }
    const expected = await occurrencesThroughLocalApi(call, query)
    expect(expected.totalDocs).toBeGreaterThan(176)
    expect(await findOccurrencePage(call, query)).toEqual(expected)
  })
  test('only some occurrences: of events by id, and by their own ids', async () => {
    const call = await callAs(email, 'en')
    const { docs } = await payload.find({ collection: 'event-occurrences', limit: 3, sort: '-id' })
    const query = {
      events: {},
      trash: false,
      dates: [],
      only: {
        or: [
          { series: { in: [calendar.events.jazzNight.id] } },
          { id: { in: docs.map((doc) => doc.id) } },
        ],
      } as Where,
      sort: ['startDate', 'id'],
      page: 1,
      limit: 50,
    }
    const expected = await occurrencesThroughLocalApi(call, query)
    expect(expected.totalDocs).toBeGreaterThan(1)
    expect(await findOccurrencePage(call, query)).toEqual(expected)
  })
})

test('pages and totals agree with the Local API', async () => {
  const call = await callAs('editor@example.test', 'en')
  const where = {}
  const all = await throughLocalApi(call, 'events', where, ['startDate', 'id'])
  const second = await findPage<{ id: number }>(call, {
    collection: 'events',
    where,
    sort: ['startDate', 'id'],
    page: 2,
    limit: 3,
  })
  expect(second.totalDocs).toBe(all.totalDocs)
  expect(second.docs.map((doc) => doc.id)).toEqual(all.docs.slice(3, 6).map((doc) => doc.id))
})

test('trashed events are read only when asked for', async () => {
  const call = await callAs('editor@example.test', 'en')
  const trashed = calendar.events.trashed.id
  expect((await findByIds(call, 'events', [trashed])).has(trashed)).toBe(false)
  const found = await findByIds<{ id: number; deletedAt: string }>(call, 'events', [trashed], {
    trash: true,
  })
  expect(found.get(trashed)?.deletedAt).toEqual(expect.any(String))
  const expected = await throughLocalApi(
    call,
    'events',
    { deletedAt: { exists: true } },
    ['id'],
    true,
  )
  expect([withoutWriteOnly(found.get(trashed)!)]).toEqual(expected.docs)
})

test('venues by id, as anonymous and as an editor, in every language', async () => {
  const ids = Object.values(calendar.venues).map((venue) => venue.id)
  for (const email of [null, 'editor@example.test']) {
    for (const locale of ['en', 'zh-hans', 'zh-hant']) {
      const call = await callAs(email, locale)
      const expected = await throughLocalApi(call, 'venues', { id: { in: ids } }, ['id'])
      const actual = await findByIds<{ id: number }>(call, 'venues', ids)
      expect([...actual.values()].sort((a, b) => a.id - b.id).map(withoutWriteOnly)).toEqual(
        expected.docs,
      )
    }
  }
})

test('venue and organizer lists, latest published first, as anonymous and as an editor', async () => {
  for (const collection of ['venues', 'organizers'] as const) {
    for (const email of [null, 'editor@example.test']) {
      const call = await callAs(email, 'zh-hant')
      const sort = ['-publishedAt', '-id']
      const expected = await throughLocalApi(call, collection, {}, sort)
      const actual = await findPage(call, { collection, where: {}, sort, page: 1, limit: 100 })
      expect({ docs: actual.docs.map(withoutWriteOnly), totalDocs: actual.totalDocs }).toEqual(
        expected,
      )
    }
  }
})

test('a search matches % and _ literally', async () => {
  const call = await callAs(null, 'en')
  for (const title of ['100% fun', '100 fun', 'a_b party', 'axb party']) {
    await payload.create({
      collection: 'events',
      data: { title, startDate: inDays(2), endDate: inDays(2, 20), status: 'publish' } as never,
    })
  }
  const titles = async (like: string) =>
    (
      await findPage<{ title: string }>(call, {
        collection: 'events',
        where: { searchText: { like } },
        sort: ['id'],
        page: 1,
        limit: 50,
      })
    ).docs
      .map((doc) => doc.title)
      .sort()
  expect(await titles('100%')).toEqual(['100% fun'])
  expect(await titles('a_b')).toEqual(['a_b party'])
})

describe('searches through the trigram index', () => {
  const TEXTS = [
    'Sunrise Yoga',
    '日出瑜伽課程',
    'Ünïcödé Straße',
    'a "quoted" word',
    'AND OR NOT NEAR(x y)',
    'star* col:umn ^caret -minus',
  ]
  const SEARCHES = [
    'SUNRISE',
    'rise',
    'yo',
    'sunrise yoga',
    'yoga sunset',
    '瑜伽課',
    '瑜伽',
    '日出 課程',
    'ünï',
    'ÜNÏ',
    'straße',
    '"quoted"',
    'd" w',
    'and',
    'near(x',
    'star*',
    '*',
    'col:umn',
    '^caret',
    '-minus',
    '😀😀x',
    'e\u0301',
  ]

  beforeAll(async () => {
    for (const title of TEXTS) {
      await payload.create({
        collection: 'events',
        data: { title, startDate: inDays(3), endDate: inDays(3, 20), status: 'publish' } as never,
      })
    }
  })

  test('find what Payload finds, for words of every length and the query syntax of the index', async () => {
    const call = await callAs(null, 'en')
    for (const search of SEARCHES) {
      const where = { searchText: { like: search } }
      const expected = await throughLocalApi(call, 'events', where, ['id'])
      const actual = await findPage(call, {
        collection: 'events',
        where,
        sort: ['id'],
        page: 1,
        limit: 100,
      })
      expect([
        search,
        { docs: actual.docs.map(withoutWriteOnly), totalDocs: actual.totalDocs },
      ]).toEqual([search, expected])
    }
  })

  test('follow renames and deletes', async () => {
    const call = await callAs(null, 'en')
    const titles = async (like: string) =>
      (
        await findPage<{ title: string }>(call, {
          collection: 'events',
          where: { searchText: { like } },
          sort: ['id'],
          page: 1,
          limit: 50,
        })
      ).docs.map((doc) => doc.title)
    const { id } = await payload.create({
      collection: 'events',
      data: {
        title: 'Moonlight Sonata',
        startDate: inDays(4),
        endDate: inDays(4, 20),
        status: 'publish',
      } as never,
    })
    expect(await titles('moonlight')).toEqual(['Moonlight Sonata'])
    await payload.update({ collection: 'events', id, data: { title: 'Starlight Sonata' } })
    expect(await titles('moonlight')).toEqual([])
    expect(await titles('starlight')).toEqual(['Starlight Sonata'])
    await payload.delete({ collection: 'events', id, trash: false } as never)
    expect(await titles('starlight')).toEqual([])
  })

  test('are answered from the index', async () => {
    const db = payload.db as unknown as {
      client?: { execute: (sql: string) => Promise<{ rows: unknown[] }> }
      pool?: {
        connect: () => Promise<{
          query: (sql: string) => Promise<{ rows: Record<string, string>[] }>
          release: () => void
        }>
      }
    }
    if (db.client) {
      const plan = await db.client.execute(
        `EXPLAIN QUERY PLAN SELECT id FROM events WHERE id IN (SELECT rowid FROM events_search_text_fts WHERE events_search_text_fts MATCH '"sunrise"')`,
      )
      expect(JSON.stringify(plan.rows)).toContain('events_search_text_fts')
    } else {
      // The table is far too small for the planner to prefer an index unless scans are ruled out.
      const client = await db.pool!.connect()
      try {
        await client.query('SET enable_seqscan = off')
        const { rows } = await client.query(
          `EXPLAIN SELECT id FROM events WHERE search_text ILIKE '%sunrise%'`,
        )
        expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain(
          'events_search_text_trgm_idx',
        )
      } finally {
        await client.query('RESET enable_seqscan')
        client.release()
      }
    }
  })
  test('in either Chinese script are answered from the index', async () => {
    const call = await callAs(null, 'zh-hans')
    const where = await searchCondition(call, {
      collection: 'events',
      fields: ['searchText'],
      search: '音乐会',
      where: [],
    })
    // One `like` for each script the site writes: a search of either finds both.
    expect(JSON.stringify(where)).toContain('音樂會')
    const connection = (await sqlConnection(payload))!
    const { sql } = connection
    const condition = whereToSql(connection, collectionTables(payload, 'events'), where, {
      fullText: await connection.fullTextTables(),
    })
    const select = sql`SELECT ${sql.identifier('id')} FROM ${sql.identifier('events')} WHERE ${condition}`
    if (connection.dialect === 'sqlite') {
      const plan = JSON.stringify(await connection.rows(sql`EXPLAIN QUERY PLAN ${select}`))
      // Each script's words are looked up in the full-text table, and events are read by id, not scanned.
      expect(plan.match(/events_search_text_fts VIRTUAL TABLE/g)?.length).toBe(2)
      expect(plan).not.toMatch(/SCAN events\b(?!_)/)
    } else {
      const client = await (payload.db as unknown as { pool: Pool }).pool.connect()
      try {
        await client.query('SET enable_seqscan = off')
        const { rows } = await client.query(
          `EXPLAIN ${select.text('postgres')}`,
          select.params as unknown[],
        )
        const plan = rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')
        expect(plan).toContain('BitmapOr')
        expect(plan.match(/Bitmap Index Scan on events_search_text_trgm_idx/g)?.length).toBe(2)
      } finally {
        await client.query('RESET enable_seqscan')
        client.release()
      }
    }
  })
})

describe('pages of filters that many events match', () => {
  const MANY = 200
  const filters: [string, () => Where][] = [
    ['a category', () => ({ categories: { in: [calendar.categories.sports.id] } })],
    ['not at a venue', () => ({ venue: { not_in: [calendar.venues.hall.id] } })],
    ['an organizer', () => ({ organizers: { equals: calendar.organizers.alice.id } })],
    ['with organizers', () => ({ organizers: { exists: true } })],
    ['words of the search text', () => ({ searchText: { like: 'marathon' } })],
    [
      'all of them',
      (): Where => ({
        and: [
          { categories: { in: [calendar.categories.sports.id] } },
          { searchText: { like: 'marathon' } },
        ] as Where[],
      }),
    ],
  ]

  beforeAll(async () => {
    for (let index = 0; index < MANY; index++) {
      await payload.create({
        collection: 'events',
        data: {
          title: index % 2 ? `Marathon ${index}` : `Relay marathon ${index}`,
          startDate: inDays(5 + (index % 30)),
          endDate: inDays(5 + (index % 30), 21),
          status: 'publish',
          categories: index % 4 ? [calendar.categories.sports.id] : [],
          venue: [index % 5 ? calendar.venues.park.id : calendar.venues.hall.id],
          organizers: index % 3 ? [calendar.organizers.alice.id] : [],
        } as never,
      })
    }
  })

  // Small pages of many matches are read in index order, checking each row; later pages from the list of matches.
  test.each(filters)(
    '%s: the first, a middle and the last page equal the Local API',
    async (_filter, where) => {
      const call = await callAs(null, 'en')
      const sort = ['startDate', 'id']
      const limit = 1
      const { totalDocs } = await throughLocalApi(call, 'events', where(), sort)
      expect(totalDocs).toBeGreaterThanOrEqual(100)
      for (const page of [1, 2, Math.ceil(totalDocs / 2), totalDocs]) {
        const expected = await payload.find({
          collection: 'events',
          where: where(),
          sort,
          page,
          limit,
          depth: 0,
          overrideAccess: false,
        })
        const actual = await findPage<{ id: number }>(call, {
          collection: 'events',
          where: where(),
          sort,
          page,
          limit,
        })
        expect([page, actual.totalDocs, actual.docs.map((doc) => doc.id)]).toEqual([
          page,
          expected.totalDocs,
          expected.docs.map((doc) => doc.id),
        ])
      }
      expect(
        await findPage(call, {
          collection: 'events',
          where: where(),
          sort,
          page: totalDocs + 1,
          limit,
        }),
      ).toEqual({ docs: [], totalDocs })
    },
  )
})
