/**
 * Three server instances on one PostgreSQL database behind a round-robin balancer, as a site runs for zero-downtime
 * deploys: every guarantee holds for writes that arrive at different instances at once, a write answered by one
 * instance is seen by the next read on any other, and an instance that dies mid-load loses no write it confirmed.
 */
import pg from 'pg'

import { lockKey, recordLock } from '../../src/database/writeLocks.js'
import { type Balancer, startBalancer } from '../helpers/balancer.js'
import { createTestDatabase, describeOn, type TestDatabase } from '../helpers/database.js'
import { type HostProcess, startHostProcess } from '../helpers/hostProcess.js'
import { createUserByScript } from '../helpers/run.js'

const NS = '/api/calendar/events/v1'
const EDITOR = { email: 'instances-editor@example.test', password: 'a-long-editor-password' }

let database: TestDatabase
const instances: HostProcess[] = []
let balancer: Balancer
let token: string

type Answer = { status: number; body: any }

async function call(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; auth?: boolean } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {}
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  if (init.auth) headers.authorization = `JWT ${token}`
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

const create = (base: string, body: Record<string, unknown>) =>
  call(base, `${NS}/events`, { body, auth: true })

/** The 20th of next month, as `yyyy-MM-dd`: ahead of now in every zone. */
function nextMonthDay(): string {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 20))
    .toISOString()
    .slice(0, 10)
}
const day = nextMonthDay()
const event = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  start_date: `${day} 19:00`,
  end_date: `${day} 21:00`,
  status: 'publish',
  ...extra,
})

// SQLite serves one writing process (see docs/database.md#running-more-than-one-instance).
const onPostgres = describeOn('postgres', 'several instances on one database server')

onPostgres('three instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    database = await createTestDatabase()
    await createUserByScript(database.uri, EDITOR)
    for (let index = 0; index < 3; index++)
      instances.push(await startHostProcess(database.uri, { admin: false }))
    balancer = await startBalancer(instances.map((instance) => instance.url))
    token = (await call(balancer.url, '/api/users/login', { body: EDITOR })).body.token
  }, 5 * 60_000)

  afterAll(async () => {
    await balancer?.stop()
    await Promise.all(instances.map((instance) => instance.stop()))
    await database?.drop()
  })

  test('parallel creates of one title through different instances get distinct slugs', async () => {
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => create(balancer.url, event('Harbour Festival'))),
    )
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201))
    const slugs = answers.map((answer) => answer.body.slug as string)
    expect(new Set(slugs).size).toBe(24)
    expect(slugs).toContain('harbour-festival')
    expect(slugs.every((slug) => /^harbour-festival(-\d+)?$/.test(slug))).toBe(true)
  })

  test('parallel creates naming one new category and venue, in either case, make one of each, and counts stay exact', async () => {
    const answers = await Promise.all(
      Array.from({ length: 18 }, (_, index) => {
        const [category, venue] =
          index % 2 ? ['street food', 'TEMPLE STREET'] : ['Street Food', 'Temple Street']
        return create(
          balancer.url,
          event(`Night Market ${index}`, { categories: [category], venue: { venue } }),
        )
      }),
    )
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201))
    const categoryIds = new Set(answers.map((answer) => answer.body.categories[0].id))
    const venueIds = new Set(answers.map((answer) => answer.body.venue.id))
    expect([categoryIds.size, venueIds.size]).toEqual([1, 1])
    const { body } = await call(instances[0].url, `${NS}/categories/${[...categoryIds][0]}`)
    expect(body.count).toBe(18)

    // Moving events off the category at once, through different instances, leaves its count exact.
    const moves = await Promise.all(
      answers.slice(0, 9).map((answer) =>
        call(balancer.url, `${NS}/events/${answer.body.id}`, {
          method: 'PATCH',
          body: { categories: [] },
          auth: true,
        }),
      ),
    )
    expect(moves.map((answer) => answer.status)).toEqual(moves.map(() => 200))
    expect(
      (await call(instances[1].url, `${NS}/categories/${[...categoryIds][0]}`)).body.count,
    ).toBe(9)
  })

  test('a read on one instance right after a write answered by another shows the write', async () => {
    const { body: created } = await create(instances[0].url, event('Lantern Walk'))
    for (let round = 0; round < 12; round++) {
      const writer = instances[round % 3]
      const reader = instances[(round + 1) % 3]
      // The reader has the event cached for anonymous callers before the write.
      await call(reader.url, `${NS}/events/${created.id}`)
      const title = `Lantern Walk ${round}`
      expect(
        (
          await call(writer.url, `${NS}/events/${created.id}`, {
            method: 'PATCH',
            body: { title },
            auth: true,
          })
        ).status,
      ).toBe(200)
      expect((await call(reader.url, `${NS}/events/${created.id}`)).body.title).toBe(title)
      const list = await call(reader.url, `${NS}/events?search=${encodeURIComponent(title)}`)
      expect(list.body.events.map((event: { title: string }) => event.title)).toEqual([title])
    }
  })

  test('a recurring event edited, split and changed through three instances at once keeps each date once, ids kept', async () => {
    const series = await create(
      instances[0].url,
      event('Harbour Yoga', { recurrence: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=24' }),
    )
    expect(series.status).toBe(201)
    const occurrencesOf = async (id: number) =>
      (await call(instances[1].url, `${NS}/events?include=${id}&per_page=50`, { auth: true })).body
        .events as { id: number; start_date: string; recurrence: { occurrence: string } }[]
    const before = await occurrencesOf(series.body.id)
    expect(before).toHaveLength(24)
    const path = (id: number) => `${NS}/events/${id}`
    // Through every instance at once: the event's time of day twice, its title, one occurrence moved, another
    // cancelled and a third given a title of its own.
    const answers = await Promise.all([
      call(balancer.url, path(series.body.id), {
        method: 'PATCH',
        body: { start_date: `${day} 20:00`, end_date: `${day} 22:00` },
        auth: true,
      }),
      call(balancer.url, path(series.body.id), {
        method: 'PATCH',
        body: { start_date: `${day} 18:00`, end_date: `${day} 20:00` },
        auth: true,
      }),
      call(balancer.url, path(series.body.id), {
        method: 'PATCH',
        body: { title: 'Harbour Yoga Flow' },
        auth: true,
      }),
      call(balancer.url, path(before[4]!.id), {
        method: 'PATCH',
        body: { start_date: `${before[4]!.start_date.slice(0, 10)} 07:00` },
        auth: true,
      }),
      call(balancer.url, path(before[6]!.id), { method: 'DELETE', auth: true }),
      call(balancer.url, path(before[8]!.id), {
        method: 'PATCH',
        body: { title: 'Harbour Yoga at sunset' },
        auth: true,
      }),
    ])
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    const after = await occurrencesOf(series.body.id)
    expect(after.map((occurrence) => occurrence.id).sort()).toEqual(
      before
        .filter((_, index) => index !== 6)
        .map((occurrence) => occurrence.id)
        .sort(),
    )
    const keys = after.map((occurrence) => occurrence.recurrence.occurrence)
    expect(new Set(keys).size).toBe(23)
    const times = new Set(
      after.filter((_, index) => index !== 4).map((o) => o.start_date.slice(11)),
    )
    expect(times.size).toBe(1)
    expect(after.find((o) => o.id === before[4]!.id)!.start_date.slice(11)).toBe('07:00:00')

    // Two splits of one event at different dates, through two instances at once: one wins, the other works on
    // what it left; no date is lost or doubled.
    const splits = await Promise.all(
      [10, 16].map((index, lane) =>
        call(instances[lane].url, path(before[index]!.id), {
          method: 'PATCH',
          body: { scope: 'following', title: `Harbour Yoga part ${lane}` },
          auth: true,
        }),
      ),
    )
    expect(splits.map((answer) => answer.status)).toEqual([200, 200])
    const parts = await Promise.all(
      [series.body.id, ...splits.map((answer) => answer.body.id as number)].map(occurrencesOf),
    )
    expect(
      parts
        .flat()
        .map((occurrence) => occurrence.id)
        .sort(),
    ).toEqual(after.map((occurrence) => occurrence.id).sort())
  })

  test('an instance killed mid-load loses no write it confirmed, and the others keep answering', async () => {
    const confirmed: { id: number; title: string }[] = []
    const end = Date.now() + 5_000
    const writer = async (lane: number) => {
      for (let index = 0; Date.now() < end; index++) {
        const title = `Ferry ${lane}-${index}`
        const answer = await create(balancer.url, event(title)).catch(() => ({
          status: 0,
          body: null,
        }))
        if (answer.status === 201) confirmed.push({ id: answer.body.id as number, title })
        else expect([0, 502, 503]).toContain(answer.status)
      }
    }
    // A write held in flight on the instance about to die: it waits for a lock on its event that the test holds,
    // behind a balancer of that instance alone.
    const held = (await create(instances[2].url, event('Held in flight'))).body.id as number
    const lockHolder = new pg.Client({ connectionString: database.uri })
    await lockHolder.connect()
    await lockHolder.query(`SELECT pg_advisory_lock(${lockKey(recordLock('events', held))})`)
    const doomed = await startBalancer([instances[2].url])
    const inFlight = call(doomed.url, `${NS}/events/${held}`, {
      method: 'PATCH',
      body: { excerpt: 'never' },
      auth: true,
    })
    const load = Promise.all([0, 1, 2, 3, 4, 5].map(writer))
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const beforeKill = confirmed.length
    instances[2].kill()
    const cut = await inFlight
    await lockHolder.end()
    await doomed.stop()
    await load
    expect(cut.status).toBe(502)
    const untouched = await call(instances[0].url, `${NS}/events/${held}`, { auth: true })
    expect(untouched.status).toBe(200)
    expect(untouched.body.excerpt).not.toContain('never')
    expect(beforeKill).toBeGreaterThan(5)
    expect(confirmed.length - beforeKill).toBeGreaterThan(10)
    for (const { id, title } of confirmed) {
      const reread = await call(instances[id % 2].url, `${NS}/events/${id}`, { auth: true })
      expect([id, reread.status, reread.body.title]).toEqual([id, 200, title])
    }
    expect((await call(instances[0].url, NS)).status).toBe(200)
    expect((await call(instances[1].url, NS)).status).toBe(200)
  })
})
