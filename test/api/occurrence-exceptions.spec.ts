/**
 * One occurrence changed on its own (docs/api.md#changing-one-occurrence): a write to its id moves it and gives it
 * a title, description, venue, organizers or image of its own, per language, the rest following its event's later
 * edits; `scope=all` moves the whole event instead; `cancelled` cancels and brings back. Lists, single reads and
 * iCalendar feeds (a `RECURRENCE-ID` override, expanded by ical.js and by python-icalendar with python-dateutil)
 * agree.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'

import ICAL from 'ical.js'

import { withPython } from '../helpers/python.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'
const { python, test: testWithPython } = withPython(['dateutil', 'icalendar'])

let server: TestServer
let admin: string
let series: any
let venues: { hall: number; park: number }

const request = (path: string, init: Parameters<TestServer['request']>[1] = {}) =>
  server.request(`${NS}${path}`, { token: admin, ...init })
const write = (path: string, body: object, method = 'PUT') => request(path, { method, body })

async function occurrences(language = 'en') {
  const { body } = await request(`/events?include=${series.id}&ml_language=${language}`)
  return body.events as any[]
}
const byKey = async (key: string, language = 'en') =>
  (await occurrences(language)).find((event) => event.recurrence.occurrence === key)

beforeAll(async () => {
  server = await startTestServer({ timezone: 'Europe/Berlin' })
  admin = await registerFirstUser(server)
  const hall = (await write('/venues', { venue: 'Hall' }, 'POST')).body.id
  const park = (await write('/venues', { venue: 'Park' }, 'POST')).body.id
  venues = { hall, park }
  const created = await write(
    '/events',
    {
      title: 'Yoga',
      status: 'publish',
      timezone: 'Asia/Hong_Kong',
      start_date: '2027-01-05 19:00:00',
      end_date: '2027-01-05 20:30:00',
      venue: hall,
      recurrence: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=8',
    },
    'POST',
  )
  expect(created.status).toBe(201)
  series = created.body
  expect((await write(`/events/${series.id}?ml_language=zh-hant`, { title: '瑜伽' })).status).toBe(
    200,
  )
})
afterAll(() => server?.stop())

test('a write to an occurrence moves it alone and gives it a title and venue of its own, in its language', async () => {
  const third = await byKey('2027-01-12')
  const { status, body } = await write(`/events/${third.id}`, {
    title: 'Yoga in the park',
    start_date: '2027-01-13 10:00',
    venue: venues.park,
  })
  expect(status).toBe(200)
  expect([body.id, body.title, body.start_date, body.end_date, body.venue.venue]).toEqual([
    third.id,
    'Yoga in the park',
    '2027-01-13 10:00:00',
    '2027-01-13 11:30:00',
    'Park',
  ])
  expect(body.recurrence).toMatchObject({
    occurrence: '2027-01-12',
    original_start: '2027-01-12 19:00:00',
    changed: true,
  })
  const listed = await occurrences()
  expect(
    listed.map((event) => [event.start_date.slice(0, 16), event.title, event.venue.venue]),
  ).toEqual([
    ['2027-01-05 19:00', 'Yoga', 'Hall'],
    ['2027-01-07 19:00', 'Yoga', 'Hall'],
    ['2027-01-13 10:00', 'Yoga in the park', 'Park'],
    ['2027-01-14 19:00', 'Yoga', 'Hall'],
    ['2027-01-19 19:00', 'Yoga', 'Hall'],
    ['2027-01-21 19:00', 'Yoga', 'Hall'],
    ['2027-01-26 19:00', 'Yoga', 'Hall'],
    ['2027-01-28 19:00', 'Yoga', 'Hall'],
  ])
  expect(listed[1].recurrence).toMatchObject({
    changed: false,
    original_start: '2027-01-07 19:00:00',
  })
  // Not given in Traditional Chinese, the title there is the event's, not the English one of the occurrence.
  expect((await byKey('2027-01-12', 'zh-hant')).title).toBe('瑜伽')
  const single = await request(`/events/${third.id}`)
  expect([single.body.title, single.body.start_date]).toEqual([
    'Yoga in the park',
    '2027-01-13 10:00:00',
  ])
  // A window that holds only the new date finds it there.
  const { body: day } = await request('/events?start_date=2027-01-13&end_date=2027-01-13')
  expect(day.events.map((event: any) => event.id)).toEqual([third.id])
})

test('what an occurrence cannot have of its own is refused with the reason; only those who may edit the event write', async () => {
  const fourth = await byKey('2027-01-14')
  const refused = await write(`/events/${fourth.id}`, { featured: true })
  expect([refused.status, refused.body.code]).toEqual([400, 'rest_invalid_param'])
  expect(refused.body.data.params.featured).toMatch(/scope=all/)
  const anonymous = await server.request(`${NS}/events/${fourth.id}`, {
    method: 'PUT',
    body: { title: 'Mine' },
  })
  const onEvent = await server.request(`${NS}/events/${series.id}`, {
    method: 'PUT',
    body: { title: 'Mine' },
  })
  expect([anonymous.status, anonymous.body.code]).toEqual([onEvent.status, onEvent.body.code])
  const notOccurrence = await write(`/events/${series.id}`, { cancelled: true })
  expect([notOccurrence.status, notOccurrence.body.code]).toEqual([400, 'rest_invalid_param'])
})

test('cancelled: true takes an occurrence out of the lists and its JSON-LD says EventCancelled, false brings it back', async () => {
  const fourth = await byKey('2027-01-14')
  expect((await write(`/events/${fourth.id}`, { cancelled: true })).body.recurrence.cancelled).toBe(
    true,
  )
  expect(await byKey('2027-01-14')).toBeUndefined()
  const status = async () =>
    (await server.request(`${NS}/events/${fourth.id}`)).body.json_ld.eventStatus
  expect(await status()).toBe('https://schema.org/EventCancelled')
  expect((await write(`/events/${fourth.id}`, { cancelled: false })).status).toBe(200)
  expect((await byKey('2027-01-14'))?.id).toBe(fourth.id)
  expect(await status()).toBe('https://schema.org/EventScheduled')
})

test('edits of the event reach every occurrence but what one has of its own', async () => {
  const moved = await byKey('2027-01-12')
  expect(
    (
      await write(`/events/${series.id}`, {
        title: 'Yoga flow',
        start_date: '2027-01-05 20:00',
        end_date: '2027-01-05 21:30',
      })
    ).status,
  ).toBe(200)
  const listed = await occurrences()
  expect(listed.map((event) => [event.start_date.slice(0, 16), event.title])).toEqual([
    ['2027-01-05 20:00', 'Yoga flow'],
    ['2027-01-07 20:00', 'Yoga flow'],
    ['2027-01-13 10:00', 'Yoga in the park'],
    ['2027-01-14 20:00', 'Yoga flow'],
    ['2027-01-19 20:00', 'Yoga flow'],
    ['2027-01-21 20:00', 'Yoga flow'],
    ['2027-01-26 20:00', 'Yoga flow'],
    ['2027-01-28 20:00', 'Yoga flow'],
  ])
  const after = listed.find((event) => event.id === moved.id)!
  expect(after.recurrence.original_start).toBe('2027-01-12 20:00:00')
})

test('scope=all moves every occurrence as much as the one written to, and changes the event', async () => {
  const fifth = await byKey('2027-01-19')
  const { status } = await write(`/events/${fifth.id}`, {
    start_date: '2027-01-19 21:00',
    title: 'Evening yoga',
    scope: 'all',
  })
  expect(status).toBe(200)
  const listed = await occurrences()
  expect(
    listed.map((event) => [
      event.start_date.slice(0, 16),
      event.end_date.slice(11, 16),
      event.title,
    ]),
  ).toEqual([
    ['2027-01-05 21:00', '22:30', 'Evening yoga'],
    ['2027-01-07 21:00', '22:30', 'Evening yoga'],
    ['2027-01-13 10:00', '11:30', 'Yoga in the park'],
    ['2027-01-14 21:00', '22:30', 'Evening yoga'],
    ['2027-01-19 21:00', '22:30', 'Evening yoga'],
    ['2027-01-21 21:00', '22:30', 'Evening yoga'],
    ['2027-01-26 21:00', '22:30', 'Evening yoga'],
    ['2027-01-28 21:00', '22:30', 'Evening yoga'],
  ])
  expect(listed[4].id).toBe(fifth.id)
})

test('a feed writes the changed occurrence as an override of its series, which ical.js places as the list does', async () => {
  const { body: text } = await server.request(`${NS}/events?ical=1&include=${series.id}`)
  const root = new ICAL.Component(ICAL.parse(text) as unknown[])
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  const [master, override, ...rest] = root.getAllSubcomponents('vevent')
  expect(rest).toEqual([])
  expect(override!.getFirstProperty('recurrence-id')!.toICALString()).toBe(
    'RECURRENCE-ID;TZID=Asia/Hong_Kong:20270112T210000',
  )
  expect(override!.getFirstPropertyValue('summary')).toBe('Yoga in the park')
  expect(override!.getFirstPropertyValue('location')).toBe('Park')
  const event = new ICAL.Event(master!)
  event.relateException(override!)
  const iterator = event.iterator()
  const starts: [string, string][] = []
  for (let next = iterator.next(); next; next = iterator.next()) {
    const details = event.getOccurrenceDetails(next)
    starts.push([
      details.startDate.toJSDate().toISOString().slice(0, 19).replace('T', ' '),
      details.item.summary,
    ])
  }
  expect(starts).toEqual(
    (await occurrences()).map((occurrence) => [occurrence.utc_start_date, occurrence.title]),
  )
})

testWithPython(
  'python-icalendar and python-dateutil place the override where the list has it',
  async () => {
    const { body: text } = await server.request(`${NS}/events?ical=1&include=${series.id}`)
    const script = path.join(import.meta.dirname, '../recurrence/ical-expand.py')
    const expanded = JSON.parse(
      execFileSync(python ?? 'python3', [script, '2040-01-01T00:00:00Z'], {
        input: text,
        encoding: 'utf8',
      }),
    ) as Record<string, [string, string][]>
    expect(expanded[series.global_id]).toEqual(
      (await occurrences()).map((occurrence) => [
        occurrence.utc_start_date,
        occurrence.utc_end_date,
      ]),
    )
  },
)

test('scope=following ends the event before the occurrence and repeats a copy from it on, in every language, ids kept', async () => {
  const before = await occurrences()
  const sixth = before[5]
  expect(sixth.recurrence.occurrence).toBe('2027-01-21')
  const { status, body } = await write(`/events/${sixth.id}`, {
    start_date: '2027-01-21 21:30',
    title: 'Late yoga',
    scope: 'following',
  })
  expect(status).toBe(200)
  expect(body.id).not.toBe(series.id)
  expect(body.recurrence.rule).toBe('FREQ=WEEKLY;BYDAY=TU,TH;COUNT=3')
  const { body: kept } = await request(`/events/${series.id}`)
  expect(kept.recurrence.rule).toBe('FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270121T125959Z')
  expect(
    (await occurrences()).map((event) => [event.id, event.start_date.slice(0, 16), event.title]),
  ).toEqual(
    before.slice(0, 5).map((event) => [event.id, event.start_date.slice(0, 16), event.title]),
  )
  const { body: copy } = await request(`/events?include=${body.id}`)
  expect(
    copy.events.map((event: any) => [event.id, event.start_date.slice(0, 16), event.title]),
  ).toEqual([
    [sixth.id, '2027-01-21 21:30', 'Late yoga'],
    [before[6].id, '2027-01-26 21:30', 'Late yoga'],
    [before[7].id, '2027-01-28 21:30', 'Late yoga'],
  ])
  const { body: chinese } = await request(`/events/${body.id}?ml_language=zh-hant`)
  expect(chinese.title).toBe('瑜伽')
  expect(chinese.slug).not.toBe(series.slug)
  const { body: all } = await request(
    '/events?start_date=2027-01-01&end_date=2027-01-31&per_page=50',
  )
  expect(all.total).toBe(8)
})

test("the original Pro add-on's _tec_update_type: single, upcoming (single on the last occurrence) and all", async () => {
  const { body: club } = await write(
    '/events',
    {
      title: 'Chess club',
      status: 'publish',
      timezone: 'Europe/London',
      start_date: '2027-02-01 18:00:00',
      end_date: '2027-02-01 20:00:00',
      recurrence: 'FREQ=WEEKLY;COUNT=4',
    },
    'POST',
  )
  const dates = async () => (await request(`/events?include=${club.id}`)).body.events as any[]
  const [first, second, third, last] = await dates()
  const titles = async () => (await dates()).map((event) => event.title)

  const single = await write(`/events/${second.id}`, {
    title: 'Blitz night',
    _tec_update_type: 'single',
  })
  expect([single.status, single.body.id]).toEqual([200, second.id])
  expect(await titles()).toEqual(['Chess club', 'Blitz night', 'Chess club', 'Chess club'])

  const onLast = await write(`/events/${last.id}`, {
    title: 'Final',
    _tec_update_type: 'upcoming',
  })
  expect([onLast.status, onLast.body.id]).toEqual([200, last.id])
  expect((await request(`/events/${club.id}`)).body.recurrence.rule).toBe('FREQ=WEEKLY;COUNT=4')

  const all = await write(`/events/${first.id}`, { title: 'Chess', _tec_update_type: 'all' })
  expect([all.status, all.body.id]).toEqual([200, club.id])
  expect(await titles()).toEqual(['Chess', 'Blitz night', 'Chess', 'Final'])

  const upcoming = await write(`/events/${third.id}`, {
    title: 'Chess league',
    _tec_update_type: 'upcoming',
  })
  expect(upcoming.status).toBe(200)
  expect(upcoming.body.id).not.toBe(club.id)
  expect(await titles()).toEqual(['Chess', 'Blitz night'])

  for (const refused of [
    { _tec_update_type: 'everything' },
    { _tec_update_type: 'all', scope: 'this' },
  ]) {
    const { status, body } = await write(`/events/${second.id}`, { title: 'x', ...refused })
    expect([status, body.code, Object.keys(body.data.params)]).toEqual([
      400,
      'rest_invalid_param',
      ['_tec_update_type'],
    ])
  }
  await request(`/events/${club.id}?force=true`, { method: 'DELETE' })
  await request(`/events/${upcoming.body.id}?force=true`, { method: 'DELETE' })
})

test('a changed occurrence of an all-day series is an override on its date, which ical.js and the list agree on', async () => {
  const { status, body: fair } = await write(
    '/events',
    {
      title: 'Book fair',
      status: 'publish',
      timezone: 'Europe/London',
      all_day: true,
      start_date: '2027-02-01',
      end_date: '2027-02-02',
      recurrence: 'FREQ=WEEKLY;COUNT=3',
    },
    'POST',
  )
  expect(status).toBe(201)
  const { body: listed } = await request(`/events?include=${fair.id}`)
  const second = listed.events.find((event: any) => event.recurrence.occurrence === '2027-02-08')
  expect(
    (await write(`/events/${second.id}`, { title: 'Poetry fair', start_date: '2027-02-09' }))
      .status,
  ).toBe(200)
  const { body: after } = await request(`/events?include=${fair.id}`)
  const days = after.events.map((event: any) => [
    event.start_date.slice(0, 10),
    event.end_date.slice(0, 10),
    event.title,
  ])
  expect(days).toEqual([
    ['2027-02-01', '2027-02-02', 'Book fair'],
    ['2027-02-09', '2027-02-10', 'Poetry fair'],
    ['2027-02-15', '2027-02-16', 'Book fair'],
  ])
  const { body: text } = await server.request(`${NS}/events/${fair.id}?ical=1`)
  const root = new ICAL.Component(ICAL.parse(text) as unknown[])
  const [master, override, ...rest] = root.getAllSubcomponents('vevent')
  expect(rest).toEqual([])
  expect(override!.getFirstProperty('recurrence-id')!.toICALString()).toBe(
    'RECURRENCE-ID;VALUE=DATE:20270208',
  )
  const event = new ICAL.Event(master!)
  event.relateException(override!)
  const iterator = event.iterator()
  const read: string[][] = []
  for (let next = iterator.next(); next; next = iterator.next()) {
    const details = event.getOccurrenceDetails(next)
    read.push([
      details.startDate.toString(),
      details.endDate.clone().adjust(-1, 0, 0, 0).toString(),
      details.item.summary,
    ])
  }
  expect(read).toEqual(days)
})

test('a change of the series that deletes dates an editor moved, changed or cancelled names them in its answer', async () => {
  const created = await write(
    '/events',
    {
      title: 'Pottery course',
      status: 'publish',
      timezone: 'Asia/Hong_Kong',
      start_date: '2027-04-06 19:00:00',
      end_date: '2027-04-06 21:00:00',
      recurrence: 'FREQ=WEEKLY;COUNT=5',
    },
    'POST',
  )
  const { id } = created.body
  const dates = (await request(`/events?include=${id}`)).body.events as { id: number }[]
  expect(dates).toHaveLength(5)
  expect(
    (await write(`/events/${dates[1]!.id}`, { start_date: '2027-04-13 20:00:00' })).status,
  ).toBe(200)
  expect((await write(`/events/${dates[2]!.id}`, { title: 'Glazing' })).status).toBe(200)
  expect((await write(`/events/${dates[3]!.id}`, {}, 'DELETE')).status).toBe(200)
  const dropped = (answer: { headers: Headers }) =>
    answer.headers.get('x-calendar-occurrences-dropped')

  // Dates nobody touched go without a word; so does a write that deletes none.
  const fewer = await write(`/events/${id}`, { recurrence: 'FREQ=WEEKLY;COUNT=4' })
  expect([fewer.status, dropped(fewer)]).toEqual([200, null])
  expect(dropped(await write(`/events/${id}`, { title: 'Pottery course, spring' }))).toBeNull()

  const one = await write(`/events/${id}`, { recurrence: 'FREQ=WEEKLY;COUNT=1' })
  expect([one.status, dropped(one)]).toEqual([
    200,
    '2027-04-13=moved+changed, 2027-04-20=changed, 2027-04-27=cancelled',
  ])
  expect((await request(`/events/${dates[2]!.id}`)).status).toBe(404)
})
