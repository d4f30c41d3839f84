/**
 * The totals of `/events` lists count the occurrences of recurring events from kept counts per series and month
 * (collections/occurrenceCounts.ts) where they would visit each one: they must come out exactly as counting each
 * occurrence does, for windows that begin and end inside months, on month edges, and inside long and overnight
 * occurrences, across cancellations, moves, edits of the series, splits, the trash and deletes.
 */
import { testOnSql } from '../helpers/database.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer({ timezone: 'Australia/Sydney' })
  admin = await registerFirstUser(server)
})
afterAll(() => server?.stop())

const request = (path: string, init: Parameters<TestServer['request']>[1] = {}) =>
  server.request(`${NS}${path}`, { token: admin, ...init })

async function create(body: object): Promise<{ id: number }> {
  const { status, body: event } = await request('/events', {
    method: 'POST',
    body: { status: 'publish', ...body },
  })
  expect([status, event.code]).toEqual([201, undefined])
  return event
}

/** Windows as instants: inside months, on their edges, inside long and overnight occurrences. */
const WINDOWS: [string, string][] = [
  ['2027-01-01T00:00:00.000Z', '2028-12-31T23:59:59.000Z'],
  ['2027-03-01T00:00:00.000Z', '2027-03-31T23:59:59.000Z'],
  ['2027-02-14T10:00:00.000Z', '2027-05-17T06:30:00.000Z'],
  ['2027-01-30T00:00:00.000Z', '2027-02-04T12:00:00.000Z'],
  ['2027-03-30T00:00:00.000Z', '2027-04-02T00:00:00.000Z'],
  ['2027-04-29T23:30:00.000Z', '2027-05-01T02:00:00.000Z'],
  ['2027-06-15T00:00:00.000Z', '2027-06-15T00:00:00.000Z'],
  ['2027-07-01T00:00:00.000Z', '2027-06-30T00:00:00.000Z'],
  ['2026-12-01T00:00:00.000Z', '2027-01-10T20:00:00.000Z'],
]

/** `X-TEC-Total` of a list in the window, and the count of each occurrence in it, as the Local API finds them. */
async function totals(): Promise<[number, number][]> {
  const { docs: events } = await server.payload.find({
    collection: 'events',
    pagination: false,
    overrideAccess: true,
    select: {},
  })
  return Promise.all(
    WINDOWS.map(async ([from, to]) => {
      const { status, headers } = await request(
        `/events?start_date=${from.slice(0, 19).replace('T', ' ')}&end_date=${to
          .slice(0, 19)
          .replace('T', ' ')}&strict_dates=true&per_page=1`,
      )
      expect(status).toBe(200)
      const { totalDocs } = await server.payload.count({
        collection: 'event-occurrences',
        overrideAccess: true,
        where: {
          and: [
            { startDate: { greater_than_equal: from } },
            { startDate: { less_than_equal: to } },
            { endDate: { less_than_equal: to } },
            { cancelled: { not_equals: true } },
            { series: { in: events.map((event) => event.id) } },
          ],
        },
      })
      return [Number(headers.get('x-tec-total')), totalDocs] as [number, number]
    }),
  )
}

const expectExact = async () => {
  const found = await totals()
  expect(found.map(([total]) => total)).toEqual(found.map(([, counted]) => counted))
  return found
}

test('lists count the occurrences of series exactly, through cancellations, moves, edits, splits, the trash and deletes', async () => {
  await create({
    title: 'Single',
    start_date: '2027-03-10 10:00:00',
    end_date: '2027-03-10 12:00:00',
    timezone: 'UTC',
  })
  const weekly = await create({
    title: 'Weekly class',
    start_date: '2027-01-05 19:00:00',
    end_date: '2027-01-05 20:30:00',
    timezone: 'Asia/Hong_Kong',
    recurrence: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=40',
  })
  await create({
    title: 'Daily, all day, across the change of clocks',
    start_date: '2027-03-01 00:00:00',
    end_date: '2027-03-01 23:59:59',
    all_day: true,
    timezone: 'Europe/London',
    recurrence: 'FREQ=DAILY;COUNT=60',
  })
  const festival = await create({
    title: 'Three days at the end of each month',
    start_date: '2027-01-30 09:00:00',
    end_date: '2027-02-02 09:00:00',
    timezone: 'UTC',
    recurrence: 'FREQ=MONTHLY;BYMONTHDAY=-2;COUNT=10',
  })
  await create({
    title: 'Overnight',
    start_date: '2027-04-20 23:00:00',
    end_date: '2027-04-21 02:00:00',
    timezone: 'UTC',
    recurrence: 'FREQ=DAILY;COUNT=20',
  })
  const first = await expectExact()
  expect(first[0][0]).toBeGreaterThan(130)
  expect(first.filter(([total]) => total > 0).length).toBeGreaterThan(6)

  const { body: listed } = await request(`/events?include=${weekly.id}&per_page=50`)
  const [, second, third, , fifth] = listed.events
  expect((await request(`/events/${second.id}`, { method: 'DELETE' })).status).toBe(200)
  const moved = await request(`/events/${third.id}`, {
    method: 'PUT',
    body: { start_date: '2027-05-30 18:00:00', end_date: '2027-06-02 18:00:00' },
  })
  expect(moved.status).toBe(200)
  await expectExact()

  const later = await request(`/events/${festival.id}`, {
    method: 'PUT',
    body: { start_date: '2027-01-30 22:00:00', end_date: '2027-02-03 22:00:00' },
  })
  expect(later.status).toBe(200)
  const split = await request(`/events/${fifth.id}`, {
    method: 'PUT',
    body: {
      start_date: '2027-01-19 21:30:00',
      end_date: '2027-01-19 23:00:00',
      scope: 'following',
    },
  })
  expect(split.status).toBe(200)
  await expectExact()

  expect((await request(`/events/${festival.id}`, { method: 'DELETE' })).status).toBe(200)
  await expectExact()
  expect((await request(`/events/${split.body.id}?force=true`, { method: 'DELETE' })).status).toBe(
    200,
  )
  await expectExact()
})

// Counts are kept on the SQL databases only (`keepsOccurrenceCounts`).
testOnSql()(
  'a series saved before its occurrences were counted is counted one by one until it is counted',
  async () => {
    const old = await create({
      title: 'Saved before the counts',
      start_date: '2027-02-03 08:00:00',
      end_date: '2027-02-03 09:00:00',
      timezone: 'UTC',
      recurrence: 'FREQ=WEEKLY;COUNT=30',
    })
    const rowsOf = async () =>
      (
        await server.payload.find({
          collection: 'event-occurrence-counts',
          where: { series: { equals: old.id } },
          overrideAccess: true,
          pagination: false,
          sort: 'month',
        })
      ).docs.map(({ month, fromMonth, total, firstMonth, longest }: any) => ({
        month,
        fromMonth,
        total,
        firstMonth,
        longest,
      }))
    const written = await rowsOf()
    expect(written.length).toBeGreaterThan(1)
    await server.payload.db.deleteMany({
      collection: 'event-occurrence-counts',
      where: { series: { equals: old.id } },
      req: {},
    })
    expect(await rowsOf()).toEqual([])
    await expectExact()
    const { fillOccurrenceCounts } = await import('../../src/hooks/occurrenceCounts.js')
    const { totalDocs: recurring } = await server.payload.count({
      collection: 'events',
      where: { recurrence: { exists: true } },
      overrideAccess: true,
      trash: true,
    })
    expect(await fillOccurrenceCounts(server.payload, {})).toBe(recurring)
    expect(await rowsOf()).toEqual(written)
    await expectExact()
  },
)

testOnSql()(
  'single events are not counted, and a series that stops repeating drops its counts',
  async () => {
    const countRows = async (series: number) =>
      (
        await server.payload.count({
          collection: 'event-occurrence-counts',
          where: { series: { equals: series } },
          overrideAccess: true,
        })
      ).totalDocs
    const single = await create({
      title: 'Once only',
      start_date: '2027-03-11 10:00:00',
      end_date: '2027-03-11 12:00:00',
      timezone: 'UTC',
    })
    const series = await create({
      title: 'Until it stops',
      start_date: '2027-03-02 18:00:00',
      end_date: '2027-03-02 19:00:00',
      timezone: 'UTC',
      recurrence: 'FREQ=WEEKLY;COUNT=8',
    })
    expect([await countRows(single.id), (await countRows(series.id)) > 0]).toEqual([0, true])
    await expectExact()
    const once = await request(`/events/${series.id}`, {
      method: 'PUT',
      body: { recurrence: null },
    })
    expect(once.status).toBe(200)
    expect(await countRows(series.id)).toBe(0)
    await expectExact()
  },
)

testOnSql()(
  'on the SQL databases the totals read the kept counts, not each occurrence',
  async () => {
    const series = await create({
      title: 'Counted',
      start_date: '2029-03-05 08:00:00',
      end_date: '2029-03-05 09:00:00',
      timezone: 'UTC',
      recurrence: 'FREQ=WEEKLY;COUNT=12',
    })
    const total = async () =>
      Number(
        (
          await request(
            '/events?start_date=2029-03-01 00:00:00&end_date=2029-12-31 00:00:00&strict_dates=true',
          )
        ).headers.get('x-tec-total'),
      )
    expect(await total()).toBe(12)
    const { docs } = await server.payload.find({
      collection: 'event-occurrence-counts',
      where: { and: [{ series: { equals: series.id } }, { month: { equals: '2029-03' } }] },
      overrideAccess: true,
    })
    expect(docs.map((row) => row.fromMonth)).toEqual([12])
    await server.payload.db.updateOne({
      collection: 'event-occurrence-counts',
      id: docs[0].id,
      data: { fromMonth: 112 },
      req: {},
    })
    expect(await total()).toBe(112)
    const { recountOccurrences } = await import('../../src/hooks/occurrenceCounts.js')
    const { pluginOptionsOf } = await import('../../src/core/options.js')
    await recountOccurrences(server.payload, {}, pluginOptionsOf(server.payload.config)!, [
      series.id,
    ])
    expect(await total()).toBe(12)
  },
)
