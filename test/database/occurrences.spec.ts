/**
 * Each time an event takes place is kept as an occurrence, as the event is written: one for a single event, one per
 * date of a recurring series up to the horizon. Editing a series keeps the occurrences it still has (same ids),
 * moves those whose times changed and deletes those it no longer has; deleting the event for good deletes them;
 * the migration gives events saved before occurrences existed theirs, and running it again changes nothing.
 */
import { createLocalReq } from 'payload'

import { migrateOccurrences } from '../../src/exports/migrations/occurrences.js'
import { occurrenceWireId } from '../../src/recurrence/series.js'
import { testOnSql } from '../helpers/database.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'
const EVENTS = 'events'
const OCCURRENCES = 'event-occurrences'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer({ timezone: 'America/New_York' })
  admin = await registerFirstUser(server)
})
afterAll(() => server?.stop())

type Occurrence = {
  id: number
  key: string
  startDate: string
  endDate: string
  timezone: string
  allDay: boolean
}

const occurrencesOf = async (series: number | string): Promise<Occurrence[]> =>
  (
    await server.payload.find({
      collection: OCCURRENCES,
      where: { series: { equals: series } },
      sort: 'startDate',
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
  ).docs as unknown as Occurrence[]

const createSeries = (recurrence: object, start = '2027-01-05T11:00:00.000Z') =>
  server.payload.create({
    collection: EVENTS,
    overrideAccess: true,
    data: {
      title: 'Yoga',
      timezone: 'Asia/Hong_Kong',
      startDate: start,
      endDate: new Date(new Date(start).getTime() + 90 * 60_000).toISOString(),
      status: 'publish',
      recurrence,
    } as never,
  })

test('a single event written through the namespace takes place once', async () => {
  const { body } = await server.request(`${NS}/events`, {
    token: admin,
    body: { title: 'Concert', start_date: '2027-02-01 19:00:00', end_date: '2027-02-01 21:00:00' },
  })
  const occurrences = await occurrencesOf(body.id)
  expect(occurrences.map(({ key, startDate, endDate }) => [key, startDate, endDate])).toEqual([
    [
      '2027-02-01',
      body.utc_start_date.replace(' ', 'T') + '.000Z',
      body.utc_end_date.replace(' ', 'T') + '.000Z',
    ],
  ])
})

test('a series takes place on every date of its rule, and edits keep the dates it still has', async () => {
  const series = await createSeries({
    rule: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=6',
    exdates: ['2027-01-12T19:00'],
    rdates: ['2027-02-01T19:00'],
  })
  const first = await occurrencesOf(series.id)
  expect(first.map(({ key }) => key)).toEqual([
    '2027-01-05',
    '2027-01-07',
    '2027-01-14',
    '2027-01-19',
    '2027-01-21',
    '2027-02-01',
  ])
  expect(first[0]).toMatchObject({
    startDate: '2027-01-05T11:00:00.000Z',
    endDate: '2027-01-05T12:30:00.000Z',
    timezone: 'Asia/Hong_Kong',
    allDay: false,
  })

  // Half an hour later, and no longer on 21 January: the other dates keep their occurrences.
  await server.payload.update({
    collection: EVENTS,
    id: series.id,
    overrideAccess: true,
    data: {
      startDate: '2027-01-05T11:30:00.000Z',
      endDate: '2027-01-05T13:00:00.000Z',
      recurrence: {
        rule: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=6',
        rdates: ['2027-02-01T19:00'],
        exdates: ['2027-01-12T19:30', '2027-01-21T19:30'],
      },
    } as never,
  })
  const moved = await occurrencesOf(series.id)
  expect(moved.map(({ key }) => key)).toEqual([
    '2027-01-05',
    '2027-01-07',
    '2027-01-14',
    '2027-01-19',
    '2027-02-01',
  ])
  const idOf = (occurrences: Occurrence[], key: string) =>
    occurrences.find((o) => o.key === key)?.id
  for (const { key, id } of moved) expect(id).toBe(idOf(first, key))
  expect(moved[0]).toMatchObject({
    startDate: '2027-01-05T11:30:00.000Z',
    endDate: '2027-01-05T13:00:00.000Z',
  })
  // The extra date keeps its own time.
  expect(moved.at(-1)).toMatchObject({ startDate: '2027-02-01T11:00:00.000Z' })

  // A change that is not of its timing leaves the occurrences as they are.
  await server.payload.update({
    collection: EVENTS,
    id: series.id,
    overrideAccess: true,
    data: { title: 'Yin yoga' },
  })
  expect(await occurrencesOf(series.id)).toEqual(moved)
})

test("a series' occurrences take its zone along, for lists of them on the event's clock", async () => {
  const series = await createSeries({ rule: 'FREQ=DAILY;COUNT=2' })
  await server.payload.update({
    collection: EVENTS,
    id: series.id,
    overrideAccess: true,
    data: { timezone: 'Europe/London', allDay: true },
  })
  const occurrences = await occurrencesOf(series.id)
  expect(occurrences.map(({ timezone, allDay }) => [timezone, allDay])).toEqual([
    ['Europe/London', true],
    ['Europe/London', true],
  ])
})

test('a series without end is kept up to the horizon, sixty months ahead', async () => {
  // This month's first day, which every month has: a monthly rule from the 29th to the 31st skips the months without
  // that day, as RFC 5545 says.
  const start = new Date()
  start.setUTCDate(1)
  start.setUTCHours(11, 0, 0, 0)
  const series = await createSeries({ rule: 'FREQ=MONTHLY' }, start.toISOString())
  const occurrences = await occurrencesOf(series.id)
  expect(occurrences.length).toBeGreaterThanOrEqual(60)
  expect(occurrences.length).toBeLessThanOrEqual(61)
})

/** Deletes an event for good, as emptying the trash does. */
const deleteForGood = (id: number | string) =>
  server.payload.delete({ collection: EVENTS, id, overrideAccess: true, trash: true })

test('an event deleted for good takes its occurrences with it; one in the trash keeps them', async () => {
  const series = await createSeries({ rule: 'FREQ=DAILY;COUNT=3' })
  await server.payload.update({
    collection: EVENTS,
    id: series.id,
    overrideAccess: true,
    data: { deletedAt: new Date().toISOString() } as never,
    trash: true,
  })
  expect(await occurrencesOf(series.id)).toHaveLength(3)
  await deleteForGood(series.id)
  expect(await occurrencesOf(series.id)).toHaveLength(0)
})

/** Rows of the occurrences' translations and links whose occurrence is gone: none, on either SQL adapter. */
async function orphanRows(): Promise<number> {
  const db = server.payload.db as unknown as {
    pool?: { query: (sql: string) => Promise<{ rows: { count: string }[] }> }
    client?: { execute: (sql: string) => Promise<{ rows: { count: number }[] }> }
  }
  let orphans = 0
  for (const [table, parent] of [
    ['event_occurrences_locales', '_parent_id'],
    ['event_occurrences_rels', 'parent_id'],
  ]) {
    const sql = `SELECT count(*) AS count FROM ${table} WHERE ${parent} NOT IN (SELECT id FROM event_occurrences)`
    const rows = db.pool ? (await db.pool.query(sql)).rows : (await db.client!.execute(sql)).rows
    orphans += Number(rows[0]!.count)
  }
  return orphans
}

testOnSql()(
  'occurrences deleted by an edit of their series or with it take their own titles, venues and organizers along',
  async () => {
    const venue = await server.payload.create({
      collection: 'venues',
      overrideAccess: true,
      data: { name: 'Studio', status: 'publish' } as never,
    })
    const series = await createSeries({ rule: 'FREQ=DAILY;COUNT=4' })
    const write = (id: number, body: object, method = 'POST') =>
      server.request(`${NS}/events/${id}`, { token: admin, method, body })
    const ids = (await occurrencesOf(series.id)).map(({ id }) => occurrenceWireId(id))
    for (const id of ids.slice(1))
      expect((await write(id, { title: 'Own title', venue: venue.id })).status).toBe(200)
    expect(await orphanRows()).toBe(0)
    expect(
      (await write(series.id as number, { recurrence: 'FREQ=DAILY;COUNT=2' }, 'PUT')).status,
    ).toBe(200)
    expect(await occurrencesOf(series.id)).toHaveLength(2)
    expect(await orphanRows()).toBe(0)
    await deleteForGood(series.id)
    expect(await occurrencesOf(series.id)).toHaveLength(0)
    expect(await orphanRows()).toBe(0)
  },
)

test('the migration gives events without occurrences theirs, and running it again changes nothing', async () => {
  const series = await createSeries({ rule: 'FREQ=WEEKLY;COUNT=4' })
  const kept = await occurrencesOf(series.id)
  // As before occurrences existed: straight to the database, in one statement.
  await server.sitePayload.db.deleteMany({
    collection: OCCURRENCES,
    where: { series: { equals: server.payloadId(series.id as number) } },
  })
  expect(await occurrencesOf(series.id)).toHaveLength(0)
  const payload = server.sitePayload
  const req = await createLocalReq({}, payload)
  const events = await migrateOccurrences({ payload, req })
  expect(events).toBe(
    (await payload.count({ collection: EVENTS, overrideAccess: true, trash: true })).totalDocs,
  )
  const restored = await occurrencesOf(series.id)
  expect(restored.map(({ key, startDate }) => [key, startDate])).toEqual(
    kept.map(({ key, startDate }) => [key, startDate]),
  )
  await migrateOccurrences({ payload, req })
  expect(await occurrencesOf(series.id)).toEqual(restored)
})

test.each([
  [
    { rule: 'FREQ=HOURLY' },
    'Not a repeat rule: FREQ is one of DAILY, WEEKLY, MONTHLY, YEARLY, not HOURLY.',
  ],
  [{ rule: 'FREQ=DAILY', exdates: ['2027-02-30'] }, 'Not a date or time: 2027-02-30.'],
  [{ rules: 'FREQ=DAILY' }, 'Not a repeat rule: it is { rule, rdates, exdates }.'],
])(
  'a repeat that cannot be read is refused, and nothing is written: %j',
  async (recurrence, message) => {
    const before = (await server.payload.count({ collection: OCCURRENCES, overrideAccess: true }))
      .totalDocs
    await expect(createSeries(recurrence)).rejects.toMatchObject({
      data: {
        errors: [
          expect.objectContaining({
            path: 'recurrence',
            message: expect.stringContaining(message),
          }),
        ],
      },
    })
    expect(
      (await server.payload.count({ collection: OCCURRENCES, overrideAccess: true })).totalDocs,
    ).toBe(before)
  },
)
