/**
 * Events at the hours a clock change skips or repeats (docs/api.md#wall-clock-times-and-clock-changes): a wall-clock
 * time is read as RFC 5545 and the original's PHP read it wherever it enters the calendar (a write, an all-day day,
 * a dataset import), a time the clock skips moving forward by the change and a repeated one being its first instance.
 */
import { createLocalReq } from 'payload'

import type { Dataset } from '../../src/import/dataset.js'

import { migrateOccurrences } from '../../src/exports/migrations/occurrences.js'
import { importCalendarDataset } from '../../src/import/importDataset.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'
const NEW_YORK = 'America/New_York'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer()
  admin = await registerFirstUser(server)
})
afterAll(() => server?.stop())

async function createEvent(body: object) {
  const answer = await server.request(`${NS}/events`, {
    token: admin,
    body: { status: 'publish', ...body },
  })
  expect([answer.status, answer.body.code]).toEqual([201, undefined])
  return answer.body
}

const read = async (id: number) =>
  (await server.request(`${NS}/events/${id}`, { token: admin })).body

describe('a wall-clock time the clock skips moves forward by the change, wherever it is written', () => {
  test('a start written through the namespace', async () => {
    // 02:30 on 14 March 2027 does not exist in New York: it is 03:30 EDT, as in the original.
    const event = await createEvent({
      title: 'Skipped hour',
      timezone: NEW_YORK,
      start_date: '2027-03-14 02:30:00',
      end_date: '2027-03-14 04:00:00',
    })
    expect([event.utc_start_date, event.start_date]).toEqual([
      '2027-03-14 07:30:00',
      '2027-03-14 03:30:00',
    ])
  })

  test("an all-day event's day whose midnight the clock skips", async () => {
    // Santiago moves from 00:00 to 01:00 on 6 September 2026: the day starts at 01:00, not at 23:00 the day before.
    const event = await createEvent({
      title: 'Skipped midnight',
      timezone: 'America/Santiago',
      all_day: true,
      start_date: '2026-09-06',
      end_date: '2026-09-06',
    })
    expect([event.utc_start_date, event.start_date.slice(0, 10)]).toEqual([
      '2026-09-06 04:00:00',
      '2026-09-06',
    ])
  })

  test('a start imported from a dataset', async () => {
    const dataset: Dataset = {
      categories: [],
      tags: [],
      venues: [],
      organizers: [],
      events: [
        {
          key: 'skipped',
          title: 'Imported in the skipped hour',
          start_date: '2027-03-14 02:30:00',
          end_date: '2027-03-14 04:00:00',
          timezone: NEW_YORK,
        },
      ],
    }
    await importCalendarDataset(server.sitePayload, dataset)
    const { docs } = await server.payload.find({
      collection: 'events',
      where: { importKey: { equals: 'skipped' } },
      overrideAccess: true,
    })
    const event = await read(docs[0].id as number)
    expect([event.utc_start_date, event.start_date]).toEqual([
      '2027-03-14 07:30:00',
      '2027-03-14 03:30:00',
    ])
  })
})

describe("an event's first occurrence is its own instant", () => {
  // 2026-11-01T01:30:00-05:00 is the second 01:30 of the night New York's clocks go back: 06:30Z, not 05:30Z.
  const SECOND_0130 = '2026-11-01T01:30:00-05:00'
  const window = (search: string) =>
    server.request(
      `${NS}/events?strict_dates=1&start_date=2026-11-01 06:00:00&end_date=2026-11-01 08:00:00` +
        `&search=${search}`,
      { token: admin },
    )

  test('a single event in the repeated hour is listed at its time', async () => {
    await createEvent({
      title: 'Repeated hour single',
      timezone: NEW_YORK,
      start_date: SECOND_0130,
      end_date: '2026-11-01T02:30:00-05:00',
    })
    const { body } = await window('Repeated%20hour%20single')
    expect([body.total, body.events.map((event: any) => event.utc_start_date)]).toEqual([
      1,
      ['2026-11-01 06:30:00'],
    ])
  })

  test('a series whose first start is in the repeated hour', async () => {
    const series = await createEvent({
      title: 'Repeated hour series',
      timezone: NEW_YORK,
      start_date: SECOND_0130,
      end_date: '2026-11-01T02:30:00-05:00',
      recurrence: 'FREQ=DAILY;COUNT=2',
    })
    const { body } = await window('Repeated%20hour%20series')
    expect([body.total, body.events.map((event: any) => event.utc_start_date)]).toEqual([
      1,
      ['2026-11-01 06:30:00'],
    ])
    const { body: all } = await server.request(
      `${NS}/events?include=${series.id}&start_date=2026-10-01&end_date=2026-12-31`,
      { token: admin },
    )
    expect(all.events.map((event: any) => event.utc_start_date)).toEqual([
      '2026-11-01 06:30:00',
      '2026-11-02 06:30:00',
    ])
  })
})

describe('a series written to start at a time the clock skips repeats the time written', () => {
  // 02:30 on 8 March 2026 does not exist in New York: the series starts at 03:30 EDT, and repeats 02:30 after.
  const SKIPPED = { start: '2026-03-08T07:30:00.000Z', end: '2026-03-08T09:00:00.000Z' }
  const startsOf = async (id: number) => {
    const { body } = await server.request(
      `${NS}/events?include=${id}&start_date=2026-03-01&end_date=2026-03-31`,
      { token: admin },
    )
    return body.events.map((event: { start_date: string }) => event.start_date)
  }
  const AT_0230 = ['2026-03-08 03:30:00', '2026-03-09 02:30:00', '2026-03-10 02:30:00']
  const AT_0330 = ['2026-03-08 03:30:00', '2026-03-09 03:30:00', '2026-03-10 03:30:00']

  test('written through the namespace, and kept by edits that leave the start alone and by the migration', async () => {
    const series = await createEvent({
      title: 'Written at 02:30',
      timezone: NEW_YORK,
      start_date: '2026-03-08 02:30:00',
      end_date: '2026-03-08 05:00:00',
      recurrence: 'FREQ=DAILY;COUNT=3',
    })
    expect(await startsOf(series.id)).toEqual(AT_0230)
    const patch = (body: object) =>
      server.request(`${NS}/events/${series.id}`, { token: admin, method: 'PATCH', body })
    expect((await patch({ title: 'Still at 02:30' })).status).toBe(200)
    expect(await startsOf(series.id)).toEqual(AT_0230)
    const payload = server.sitePayload
    await migrateOccurrences({ payload, req: await createLocalReq({}, payload) })
    expect(await startsOf(series.id)).toEqual(AT_0230)
    // The same instant written as 03:30 is a series at 03:30.
    expect((await patch({ start_date: '2026-03-08 03:30:00' })).status).toBe(200)
    expect(await startsOf(series.id)).toEqual(AT_0330)
  })

  test("written through Payload's API as the admin writes it, and without it as before", async () => {
    const create = async (startWall?: string) => {
      const { status, body } = await server.request('/api/events', {
        token: admin,
        body: {
          title: 'Admin at 02:30',
          timezone: NEW_YORK,
          startDate: SKIPPED.start,
          endDate: SKIPPED.end,
          startWall,
          status: 'publish',
          recurrence: { rule: 'FREQ=DAILY;COUNT=3' },
        },
      })
      expect(status).toBe(201)
      return server.wireId(body.doc.id)!
    }
    expect(await startsOf(await create('2026-03-08T02:30:00'))).toEqual(AT_0230)
    expect(await startsOf(await create())).toEqual(AT_0330)
  })
})
