/**
 * The horizon job: Payload's scheduler queues it on `recurrence.schedule`, and each run moves every recurring
 * event's occurrences forward to `horizonMonths` from now, keeping those already there (same ids), leaving single
 * events alone, and changing nothing when run again. The site's zone has daylight saving time, and the months the
 * job adds cross its clock change: the series keeps the wall time it was written with.
 */
import { pluginOptionsOf } from '../../src/core/options.js'
import { CALENDAR_QUEUE, HORIZON_TASK } from '../../src/hooks/occurrenceHorizon.js'
import { extendOccurrences } from '../../src/hooks/occurrences.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'
const SITE_ZONE = 'America/New_York'
const wallTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: SITE_ZONE,
  hour: '2-digit',
  minute: '2-digit',
})

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer({
    timezone: SITE_ZONE,
    recurrence: { horizonMonths: 2, autoRun: false },
  })
  admin = await registerFirstUser(server)
})
afterAll(() => server?.stop())

const occurrencesOf = async (series: number) =>
  (
    await server.payload.find({
      collection: 'event-occurrences',
      where: { series: { equals: series } },
      sort: 'startDate',
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
  ).docs as unknown as { id: number; key: string; startDate: string }[]

test('the scheduled job extends series without end to the horizon from now, keeping what is there', async () => {
  const today = new Date().toISOString().slice(0, 10)
  const created = await server.request(`${NS}/events`, {
    token: admin,
    body: {
      title: 'Weekly without end',
      status: 'publish',
      start_date: `${today} 19:00:00`,
      end_date: `${today} 20:00:00`,
      recurrence: 'FREQ=WEEKLY',
    },
  })
  const single = await server.request(`${NS}/events`, {
    token: admin,
    body: {
      title: 'Once',
      status: 'publish',
      start_date: `${today} 10:00`,
      end_date: `${today} 11:00`,
    },
  })
  expect([created.status, single.status]).toEqual([201, 201])
  const before = await occurrencesOf(created.body.id)
  expect(before.length).toBeGreaterThanOrEqual(8)
  expect(before.length).toBeLessThanOrEqual(10)

  // What an anonymous list of the months ahead shows now is kept by the response cache until the calendar changes.
  const ahead = new Date(Date.now() + 100 * 86_400_000).toISOString().slice(0, 10)
  const later = new Date(Date.now() + 160 * 86_400_000).toISOString().slice(0, 10)
  const listAhead = async () =>
    (await server.request(`${NS}/events?start_date=${ahead}&end_date=${later}&search=without`)).body
      .total
  expect([await listAhead(), await listAhead()]).toEqual([0, 0])

  // Time passes: the horizon two months from now is, four months on, six months from the series' start.
  pluginOptionsOf(server.payload.config)!.recurrence.horizonMonths = 6
  // The scheduler queues the job for the next time the schedule names (03:15); it runs now as if that had come.
  const scheduled = await server.payload.jobs.handleSchedules({ queue: CALENDAR_QUEUE })
  expect(scheduled.queued.map((job) => job.taskConfig?.slug)).toEqual([HORIZON_TASK])
  const jobs = async () =>
    (
      await server.payload.find({
        collection: 'payload-jobs' as never,
        where: { taskSlug: { equals: HORIZON_TASK } },
        overrideAccess: true,
      })
    ).docs as unknown as { id: number; waitUntil?: string }[]
  const [queued] = await jobs()
  const next = new Date(queued.waitUntil!)
  expect([next > new Date(), next.getHours(), next.getMinutes()]).toEqual([true, 3, 15])
  const run = await server.payload.jobs.runByID({ id: queued.id })
  expect(run.jobStatus?.[queued.id]?.status).toBe('success')
  expect(await jobs()).toEqual([])

  const after = await occurrencesOf(created.body.id)
  expect(after.length).toBeGreaterThanOrEqual(25)
  expect(await listAhead()).toBeGreaterThanOrEqual(8)
  expect(after.slice(0, before.length)).toEqual(before)
  expect(await occurrencesOf(single.body.id)).toHaveLength(1)
  // Written in the site's zone, at 19:00 on both sides of its clock change, which the six months cross.
  expect(new Set(after.map(({ startDate }) => wallTime.format(new Date(startDate))))).toEqual(
    new Set(['19:00']),
  )
  const offsets = after.map(({ startDate }) => new Date(startDate).getUTCHours())
  expect(new Set(offsets).size).toBe(2)

  // Running again changes nothing.
  await server.payload.jobs.queue({
    task: HORIZON_TASK as never,
    queue: CALENDAR_QUEUE,
    input: {} as never,
  })
  const again = await server.payload.jobs.run({ queue: CALENDAR_QUEUE })
  expect(Object.values(again.jobStatus ?? {}).map(({ status }) => status)).toEqual(['success'])
  expect(await occurrencesOf(created.body.id)).toEqual(after)
})

test('a series without end keeps `maxOccurrences` ahead as time passes, its past kept; one with an end stays as it was', async () => {
  const { recurrence } = pluginOptionsOf(server.payload.config)!
  const was = { ...recurrence }
  Object.assign(recurrence, { horizonMonths: 6, maxOccurrences: 20 })
  try {
    const day = 86_400_000
    const yesterday = new Date(Date.now() - day).toISOString().slice(0, 10)
    const event = (title: string, rule: string) =>
      server.request(`${NS}/events`, {
        token: admin,
        body: {
          title,
          status: 'publish',
          timezone: 'UTC',
          start_date: `${yesterday} 19:00:00`,
          end_date: `${yesterday} 20:00:00`,
          recurrence: rule,
        },
      })
    const endless = await event('Daily class endless', 'FREQ=DAILY')
    const until = new Date(Date.now() + 3 * 365 * day).toISOString().slice(0, 10).replace(/-/g, '')
    const ending = await event('Daily class ending', `FREQ=DAILY;UNTIL=${until}`)
    expect([endless.status, ending.status]).toEqual([201, 201])
    expect(endless.headers.get('x-calendar-occurrences-capped')).toBe('20')
    const aheadOf = (occurrences: { startDate: string }[], now: Date) =>
      occurrences.filter(({ startDate }) => new Date(startDate) >= now)
    const before = await occurrencesOf(endless.body.id)
    const endingBefore = await occurrencesOf(ending.body.id)
    // Yesterday's (and today's, once 19:00 has passed) with twenty ahead; the one with an end twenty in all.
    expect(aheadOf(before, new Date())).toHaveLength(20)
    expect(endingBefore).toHaveLength(20)

    // Forty days on, the nightly job runs: the class has twenty days ahead again, and the days gone by stay.
    const later = new Date(Date.now() + 40 * day)
    await extendOccurrences(server.payload, {}, later)
    const after = await occurrencesOf(endless.body.id)
    expect(aheadOf(after, later)).toHaveLength(20)
    expect(after.slice(0, before.length)).toEqual(before)
    // Every day from the first to the last, none left out.
    const span = (Date.parse(after.at(-1)!.startDate) - Date.parse(after[0].startDate)) / day
    expect(after).toHaveLength(span + 1)
    expect(await occurrencesOf(ending.body.id)).toEqual(endingBefore)

    // Lists of those days show it: the window after its first twenty days, and the days ahead of the later now.
    const window = (from: number, to: number) =>
      `${NS}/events?search=endless&per_page=50&start_date=${new Date(Date.now() + from * day).toISOString().slice(0, 10)}&end_date=${new Date(Date.now() + to * day).toISOString().slice(0, 10)}`
    expect((await server.request(window(25, 35))).body.total).toBeGreaterThanOrEqual(10)
    expect((await server.request(window(45, 55))).body.total).toBeGreaterThanOrEqual(10)

    // Run again as of the later now, the job changes nothing.
    await extendOccurrences(server.payload, {}, later)
    expect(await occurrencesOf(endless.body.id)).toEqual(after)
  } finally {
    Object.assign(recurrence, was)
  }
})
