import fs from 'node:fs'
import path from 'node:path'

import { prepareCalendarDatabase } from '../../src/database/startup.js'
import { describeOnSql, testOn } from '../helpers/database.js'
import { registerFirstUser } from '../helpers/users.js'
import { startTestServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let token: string

beforeAll(async () => {
  server = await startTestServer()
  token = await registerFirstUser(server)
})
afterAll(() => server?.stop())

const create = async (collection: string, data: Record<string, unknown>, locale = 'en') => {
  const response = await server.request(`/api/${collection}?locale=${locale}`, {
    body: data,
    token,
  })
  expect(response.status).toBe(201)
  return response.body.doc
}
const update = async (
  collection: string,
  id: number,
  data: Record<string, unknown>,
  locale: string,
) => {
  const response = await server.request(`/api/${collection}/${id}?locale=${locale}`, {
    body: data,
    method: 'PATCH',
    token,
  })
  if (response.status !== 200) console.log(JSON.stringify(response.body))
  expect(response.status).toBe(200)
  return response.body.doc
}
const read = async (collection: string, id: number, locale: string) => {
  const response = await server.request(`/api/${collection}/${id}?locale=${locale}&depth=1`, {
    token,
  })
  expect(response.status).toBe(200)
  return response.body
}

const event = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  startDate: '2027-03-01T10:00:00.000Z',
  endDate: '2027-03-01T12:00:00.000Z',
  ...extra,
})

describe('each collection stores its records in three languages, falling back to the default one', () => {
  test('categories, with a parent', async () => {
    const music = await create('event-categories', { name: 'Music', description: 'All music' })
    const jazz = await create('event-categories', { name: 'Jazz', parent: music.id })
    await update('event-categories', jazz.id, { name: '爵士乐' }, 'zh-hans')
    await update(
      'event-categories',
      jazz.id,
      { name: '爵士樂', description: '爵士樂演出' },
      'zh-hant',
    )

    expect((await read('event-categories', jazz.id, 'en')).name).toBe('Jazz')
    expect((await read('event-categories', jazz.id, 'zh-hans')).name).toBe('爵士乐')
    const zhHant = await read('event-categories', jazz.id, 'zh-hant')
    expect(zhHant).toMatchObject({
      name: '爵士樂',
      description: '爵士樂演出',
      slug: 'jazz',
      parent: { id: music.id },
    })
    expect((await read('event-categories', music.id, 'zh-hant')).name).toBe('Music')
  })

  test('tags', async () => {
    const tag = await create('event-tags', { name: 'Free entry' })
    await update('event-tags', tag.id, { name: '免费入场' }, 'zh-hans')
    expect(tag.slug).toBe('free-entry')
    expect((await read('event-tags', tag.id, 'zh-hans')).name).toBe('免费入场')
    // Traditional Chinese holds the conversion of the Simplified name (docs/api.md#chinese-in-two-scripts).
    expect((await read('event-tags', tag.id, 'zh-hant')).name).toBe('免費入場')
  })

  test('venues, with localized address parts and coordinates', async () => {
    const venue = await create('venues', {
      name: 'City Hall',
      address: '5 Edinburgh Place',
      city: 'Hong Kong',
      country: 'China',
      zip: '000000',
      geoLat: 22.2819,
      geoLng: 114.1617,
    })
    await update('venues', venue.id, { name: '香港大会堂', city: '香港' }, 'zh-hans')
    const zhHans = await read('venues', venue.id, 'zh-hans')
    expect(zhHans).toMatchObject({
      name: '香港大会堂',
      city: '香港',
      address: '5 Edinburgh Place',
      geoLat: 22.2819,
    })
    expect((await read('venues', venue.id, 'en')).city).toBe('Hong Kong')
  })

  test('organizers', async () => {
    const organizer = await create('organizers', {
      name: 'Arts Council',
      email: 'hello@example.org',
    })
    await update('organizers', organizer.id, { name: '藝術發展局' }, 'zh-hant')
    expect((await read('organizers', organizer.id, 'zh-hant')).name).toBe('藝術發展局')
    expect((await read('organizers', organizer.id, 'zh-hans')).name).toBe('艺术发展局')
  })

  test('events, with their venue, organizers, categories and tags', async () => {
    const venue = await create('venues', { name: 'Harbour Stage' })
    const organizers = [
      await create('organizers', { name: 'Alice' }),
      await create('organizers', { name: 'Bob' }),
    ]
    const category = await create('event-categories', { name: 'Theatre' })
    const tag = await create('event-tags', { name: 'Outdoor' })
    const created = await create(
      'events',
      event('Harbour Concert', {
        venue: [venue.id],
        organizers: organizers.map((o) => o.id),
        categories: [category.id],
        tags: [tag.id],
        timezone: 'Asia/Hong_Kong',
        cost: '10 - 20',
        featured: true,
      }),
    )
    await update('events', created.id, { title: '海港音樂會', excerpt: '維港夜色' }, 'zh-hant')

    const zhHant = await read('events', created.id, 'zh-hant')
    expect(zhHant).toMatchObject({
      title: '海港音樂會',
      excerpt: '維港夜色',
      timezone: 'Asia/Hong_Kong',
      featured: true,
    })
    expect(zhHant.venue.map((v: { name: string }) => v.name)).toEqual(['Harbour Stage'])
    expect(zhHant.organizers.map((o: { name: string }) => o.name)).toEqual(['Alice', 'Bob'])
    expect(zhHant.categories[0].name).toBe('Theatre')
    expect(zhHant.tags[0].name).toBe('Outdoor')
    const zhHans = await read('events', created.id, 'zh-hans')
    expect(zhHans.title).toBe('海港音乐会')
    expect(zhHans.startDate).toBe('2027-03-01T10:00:00.000Z')
  })
})

describe('slugs', () => {
  test('are made from the title, readable ASCII, and numbered on collisions', async () => {
    const slugs = []
    for (let i = 0; i < 3; i++) slugs.push((await create('events', event('Jazz Night'))).slug)
    expect(slugs).toEqual(['jazz-night', 'jazz-night-2', 'jazz-night-3'])
  })

  test('transliterate a Chinese-only title written in another locale', async () => {
    expect((await create('events', event('新年音樂會'), 'zh-hant')).slug).toBe(
      'xin-nian-yin-le-hui',
    )
  })

  test('fall back to the record type when nothing can be transliterated', async () => {
    const first = await create('organizers', { name: '🎉🎉' })
    const second = await create('organizers', { name: '🎈' })
    expect([first.slug, second.slug]).toEqual(['organizer', 'organizer-2'])
  })

  test('can be given, are normalised, and stay when the title changes', async () => {
    const created = await create('events', event('Anything', { slug: 'My Custom Slug!' }))
    expect(created.slug).toBe('my-custom-slug')
    const renamed = await update('events', created.id, { title: 'Renamed' }, 'en')
    expect(renamed.slug).toBe('my-custom-slug')
    const taken = await create('events', event('Other', { slug: 'my-custom-slug' }))
    expect(taken.slug).toBe('my-custom-slug-2')
  })

  test('stay unique against trashed records', async () => {
    const first = await create('venues', { name: 'Old Warehouse' })
    await update('venues', first.id, { deletedAt: new Date().toISOString() }, 'en')
    expect((await create('venues', { name: 'Old Warehouse' })).slug).toBe('old-warehouse-2')
  })
})

describe('ids', () => {
  test.each(['events', 'event-tags'])(
    'of %s are never re-used after the newest record is deleted',
    async (collection) => {
      const data = (name: string) => (collection === 'events' ? event(name) : { name })
      const first = await create(collection, data('Short-lived'))
      const deleted = await server.request(`/api/${collection}/${first.id}`, {
        method: 'DELETE',
        token,
      })
      expect(deleted.status).toBe(200)
      const next = await create(collection, data('Short-lived again'))
      expect(typeof server.wireId(next.id)).toBe('number')
      expect(server.wireId(next.id)).toBeGreaterThan(server.wireId(first.id)!)
    },
  )
})

describe('events', () => {
  test('reject an end before the start and an unknown time zone', async () => {
    const backwards = await server.request('/api/events', {
      body: event('Backwards', { endDate: '2027-03-01T09:00:00.000Z' }),
      token,
    })
    expect(backwards.status).toBe(400)
    expect(JSON.stringify(backwards.body)).toContain('endDate')
    const mars = await server.request('/api/events', {
      body: event('Mars', { timezone: 'Mars/Olympus' }),
      token,
    })
    expect(mars.status).toBe(400)
    expect(JSON.stringify(mars.body)).toContain('timezone')
    expect((await create('events', event('Offset zone', { timezone: 'UTC+5:30' }))).timezone).toBe(
      'UTC+5:30',
    )
  })

  test('all-day events span the whole local day of their zone', async () => {
    const created = await create(
      'events',
      event('Fair', {
        allDay: true,
        timezone: 'America/New_York',
        startDate: '2026-12-12T15:00:00.000Z',
        endDate: '2026-12-12T18:00:00.000Z',
      }),
    )
    expect(created.startDate).toBe('2026-12-12T05:00:00.000Z')
    expect(created.endDate).toBe('2026-12-13T04:59:59.000Z')
  })

  test('store the event password only as a hash and never return it', async () => {
    const created = await create(
      'events',
      event('Secret gig', { passwordProtected: true, password: 's3cret' }),
    )
    expect(created.passwordProtected).toBe(true)
    expect(JSON.stringify(created)).not.toMatch(/s3cret|scrypt|passwordHash/)
    expect(JSON.stringify(await read('events', created.id, 'en'))).not.toMatch(
      /s3cret|scrypt|passwordHash/,
    )
    const stored = await server.payload.findByID({
      collection: 'events',
      id: created.id,
      showHiddenFields: true,
    })
    expect(stored.passwordHash).toMatch(/^scrypt\$/)

    const { verifyPassword } = await import('../../src/core/password.js')
    expect(await verifyPassword('s3cret', stored.passwordHash)).toBe(true)
    expect(await verifyPassword('wrong', stored.passwordHash)).toBe(false)

    await update('events', created.id, { passwordProtected: false }, 'en')
    const cleared = await server.payload.findByID({
      collection: 'events',
      id: created.id,
      showHiddenFields: true,
    })
    expect(cleared.passwordHash).toBeNull()
  })

  test('trash hides an event from reads until asked for', async () => {
    const created = await create('events', event('To be trashed'))
    await update('events', created.id, { deletedAt: new Date().toISOString() }, 'en')
    expect((await server.request(`/api/events/${created.id}`, { token })).status).toBe(404)
    expect((await server.request(`/api/events/${created.id}?trash=true`, { token })).status).toBe(
      200,
    )
  })

  test('keep the published event count of each category and tag', async () => {
    const category = await create('event-categories', { name: 'Counted' })
    const tag = await create('event-tags', { name: 'Counted tag' })
    const one = await create(
      'events',
      event('Counted one', { categories: [category.id], tags: [tag.id] }),
    )
    await create('events', event('Counted draft', { categories: [category.id], status: 'draft' }))
    await create('events', event('Counted two', { categories: [category.id] }))
    expect((await read('event-categories', category.id, 'en')).count).toBe(2)
    expect((await read('event-tags', tag.id, 'en')).count).toBe(1)
    await update('events', one.id, { categories: [], tags: [] }, 'en')
    expect((await read('event-categories', category.id, 'en')).count).toBe(1)
    expect((await read('event-tags', tag.id, 'en')).count).toBe(0)
  })
})

describeOnSql()('indexes', () => {
  test('translations are looked up by their parent through an index, not a scan', async () => {
    const db = server.payload.db as unknown as {
      client?: { execute: (sql: string) => Promise<{ rows: unknown[] }> }
      pool?: { query: (sql: string) => Promise<{ rows: { indexname: string }[] }> }
    }
    if (server.database.kind === 'sqlite') {
      const plan = await db.client!.execute(
        'EXPLAIN QUERY PLAN SELECT * FROM events_locales WHERE _parent_id = 1',
      )
      expect(JSON.stringify(plan.rows)).toContain('events_locales_parent_idx')
    } else {
      const { rows } = await db.pool!.query(
        "SELECT indexname FROM pg_indexes WHERE tablename = 'events_locales'",
      )
      expect(rows.map((row) => row.indexname)).toContain('events_locales_parent_idx')
    }
  })
})

/** MongoDB keeps a record's translations inside it; what its lists need are the indexes the collections declare. */
const onMongo = testOn('mongo', 'the indexes of MongoDB collections')

onMongo(
  'the lists of events, occurrences, venues and organizers have the indexes their collections declare',
  async () => {
    type Indexes = { indexes: () => Promise<{ key: Record<string, unknown> }[]> }
    const { connection } = server.payload.db as unknown as {
      connection: { db: { collection: (name: string) => Indexes } }
    }
    const keysOf = async (collection: string) =>
      (await connection.db.collection(collection).indexes()).map(({ key }) =>
        Object.keys(key).join(' '),
      )
    expect(await keysOf('events')).toContain(
      'deletedAt startDate endDate status hideFromListings recurrence',
    )
    expect(await keysOf('events')).toContain('recurrence')
    expect(await keysOf('event-occurrences')).toContain('startDate endDate series cancelled')
    expect(await keysOf('venues')).toContain('deletedAt publishedAt')
    expect(await keysOf('organizers')).toContain('deletedAt publishedAt')
  },
)

describeOnSql()('migrations', () => {
  test("the committed migrations build the schema the config declares, for this test's database", async () => {
    type DrizzleKit = {
      generateDrizzleJson: (schema: unknown) => Promise<{ version: string }>
      generateMigration: (before: unknown, after: unknown) => Promise<string[]>
      upSnapshot?: (snapshot: unknown) => { version: string }
    }
    const db = server.payload.db as unknown as {
      migrationDir: string
      requireDrizzleKit: () => DrizzleKit
      schema: unknown
    }
    const { generateDrizzleJson, generateMigration, upSnapshot } = db.requireDrizzleKit()
    const declared = await generateDrizzleJson(db.schema)
    const latest = fs
      .readdirSync(db.migrationDir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .at(-1)!
    let migrated = JSON.parse(fs.readFileSync(path.join(db.migrationDir, latest), 'utf8')) as {
      version: string
    }
    if (upSnapshot && migrated.version < declared.version) migrated = upSnapshot(migrated)
    expect(await generateMigration(migrated, declared)).toEqual([])
  })
})

const onSqlite = testOn('sqlite', "SQLite's planner statistics at start")

onSqlite(
  'an index a migration made after the last ANALYZE is measured at the next start',
  async () => {
    const { client } = server.payload.db as unknown as {
      client: { execute: (sql: string) => Promise<{ rows: unknown[] }> }
    }
    const measured = async () =>
      (await client.execute(`SELECT 1 FROM sqlite_stat1 WHERE idx = 'events_made_later_idx'`)).rows
        .length
    await create('events', {
      title: 'Measured',
      startDate: '2027-05-01T10:00:00.000Z',
      endDate: '2027-05-01T11:00:00.000Z',
    })
    await client.execute('ANALYZE')
    await client.execute('CREATE INDEX events_made_later_idx ON events (slug, id)')
    try {
      await prepareCalendarDatabase(server.payload)
      expect(await measured()).toBe(1)
    } finally {
      await client.execute('DROP INDEX events_made_later_idx')
    }
  },
)
