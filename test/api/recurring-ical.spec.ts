/**
 * Recurring events in iCalendar answers (docs/api.md#recurring-events-in-icalendar): a feed writes each series
 * once, with its start on the event's wall clock (`TZID` and a `VTIMEZONE` per zone), `RRULE`, `RDATE` and `EXDATE`
 * (cancelled occurrences among them), and two independent readers expand it to exactly the occurrences the JSON
 * list has: ical.js, and python-icalendar with python-dateutil. `expand=1` writes each occurrence as an event.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'

import ICAL from 'ical.js'

import { withPython } from '../helpers/python.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'
const CAP = 400
const WINDOW = 'start_date=2027-01-01&end_date=2027-12-31'
/** Past every occurrence the series below keep, the endless one's excepted (it is cut at its last kept one). */
const FAR = '2040-01-01T00:00:00Z'

const { python, test: testWithPython } = withPython(['dateutil', 'icalendar'])

type Span = [string, string]
type Series = { id: number; global_id: string; title: string; all_day: boolean }

let server: TestServer
let admin: string
const series: Record<string, Series> = {}
let cancelledId: number

const request = (url: string, init: Parameters<TestServer['request']>[1] = {}) =>
  server.request(`${NS}${url}`, { token: admin, ...init })

async function create(name: string, body: object) {
  const { status, body: event } = await request('/events', {
    method: 'POST',
    body: { status: 'publish', ...body },
  })
  expect([status, event.code, event.data?.params]).toEqual([201, undefined, undefined])
  series[name] = event
}

beforeAll(async () => {
  server = await startTestServer({ recurrence: { maxOccurrences: CAP } })
  admin = await registerFirstUser(server)
  // Tuesdays and Thursdays at 19:00 in New York across the change to summer time, one date left out, one added.
  await create('yoga', {
    title: 'Yoga',
    timezone: 'America/New_York',
    start_date: '2027-01-05 19:00:00',
    end_date: '2027-01-05 20:30:00',
    recurrence: {
      rule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630',
      rdates: ['2027-01-09T10:00'],
      exdates: ['2027-01-07T19:00'],
    },
  })
  // Daily at 02:30 in New York across the night the clock skips it: the 14th (03:30 that day, as the list shows it)
  // and the 16th (a date alone) left out, and one more start in the second 01:30 of the night the clock goes back.
  await create('night', {
    title: 'Night shift',
    timezone: 'America/New_York',
    start_date: '2027-03-12 02:30:00',
    end_date: '2027-03-12 03:30:00',
    recurrence: {
      rule: 'FREQ=DAILY;COUNT=5',
      exdates: ['2027-03-14T03:30', '2027-03-16'],
      rdates: ['2027-11-07T06:30:00Z'],
    },
  })
  // The last Friday of every month in London, without end: both of the year's clock changes.
  await create('quiz', {
    title: 'Pub quiz',
    timezone: 'Europe/London',
    start_date: '2027-01-29 18:30:00',
    end_date: '2027-01-29 21:00:00',
    recurrence: 'FREQ=MONTHLY;BYDAY=-1FR',
  })
  // Two days at the end of each month in Sydney, all day, twelve times less one.
  await create('market', {
    title: 'Harvest market',
    timezone: 'Australia/Sydney',
    all_day: true,
    start_date: '2027-02-27',
    end_date: '2027-02-28',
    recurrence: { rule: 'FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12', exdates: ['2027-05-31'] },
  })
  // Daily without end in Kolkata: cut short by the cap.
  await create('run', {
    title: 'Night run',
    timezone: 'Asia/Kolkata',
    start_date: '2027-01-01 05:00:00',
    end_date: '2027-01-01 06:00:00',
    recurrence: 'FREQ=DAILY',
  })
  // Mondays at 07:00 at a fixed offset, which is still Sunday in UTC.
  await create('swim', {
    title: 'Dawn swim',
    timezone: 'UTC+8',
    start_date: '2027-01-04 07:00:00',
    end_date: '2027-01-04 08:00:00',
    recurrence: 'FREQ=WEEKLY;BYDAY=MO;COUNT=5',
  })
  await create('single', {
    title: 'Gala',
    timezone: 'America/New_York',
    start_date: '2027-03-20 18:00:00',
    end_date: '2027-03-20 23:00:00',
  })
  const yoga = await occurrencesOf(series.yoga!)
  cancelledId = yoga.find((event) => event.start_date.startsWith('2027-03-16'))!.id
  expect((await request(`/events/${cancelledId}`, { method: 'DELETE' })).status).toBe(200)
  // One moved, then cancelled: the feed leaves it out where the rule put it, not where it had moved to.
  const moved = yoga.find((event) => event.start_date.startsWith('2027-04-06'))!.id
  const move = await request(`/events/${moved}`, {
    method: 'PATCH',
    body: { start_date: '2027-04-07 10:00:00' },
  })
  expect(move.status).toBe(200)
  expect((await request(`/events/${moved}`, { method: 'DELETE' })).status).toBe(200)
})
afterAll(() => server?.stop())

/** Every occurrence of an event in the JSON list (not cancelled), page after page. */
async function occurrencesOf(event: { id: number }) {
  const found: any[] = []
  for (let page = 1; ; page++) {
    const { body } = await request(`/events?include=${event.id}&per_page=50&page=${page}`)
    found.push(...body.events)
    if (page >= body.total_pages) return found
  }
}

/** As the readers below write them: UTC instants, or an all-day occurrence's first and last local day. */
const spanOf = (event: any): Span =>
  event.all_day
    ? [event.start_date.slice(0, 10), event.end_date.slice(0, 10)]
    : [event.utc_start_date, event.utc_end_date]

async function calendar(url: string) {
  const answer = await request(url, { token: undefined })
  expect([answer.status, answer.headers.get('content-type')]).toEqual([
    200,
    'text/calendar; charset=utf-8',
  ])
  const text = answer.body as string
  const root = new ICAL.Component(ICAL.parse(text) as unknown[])
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  return { text, root, events: root.getAllSubcomponents('vevent') }
}

const utcWire = (time: ICAL.Time) => time.toJSDate().toISOString().slice(0, 19).replace('T', ' ')

/** ical.js's expansion of a VEVENT up to `last` (an instant, or a day for all-day events). */
function icalJsSpans(vevent: ICAL.Component, last: string): Span[] {
  const event = new ICAL.Event(vevent)
  const iterator = event.iterator()
  const spans: Span[] = []
  for (let next = iterator.next(); next; next = iterator.next()) {
    const { startDate, endDate } = event.getOccurrenceDetails(next)
    const span: Span = startDate.isDate
      ? [startDate.toString(), endDate.clone().adjust(-1, 0, 0, 0).toString()]
      : [utcWire(startDate), utcWire(endDate)]
    if (span[0] > last) break
    spans.push(span)
  }
  return spans
}

const uidOf = (vevent: ICAL.Component) => String(vevent.getFirstPropertyValue('uid'))

test('a feed writes each series once, on its own wall clock, and ical.js repeats it exactly as the JSON list', async () => {
  const { text, events } = await calendar(`/events?ical=1&${WINDOW}`)
  expect(events.map(uidOf).sort()).toEqual(
    Object.values(series)
      .map((s) => s.global_id)
      .sort(),
  )
  for (const zone of ['America/New_York', 'Europe/London', 'Asia/Kolkata', 'UTC+8'])
    expect(text).toContain(`BEGIN:VTIMEZONE\r\nTZID:${zone}\r\n`)
  expect(text).not.toContain('TZID:Australia/Sydney')
  const byUid = new Map(events.map((vevent) => [uidOf(vevent), vevent]))
  const lines = (name: string) => {
    const vevent = byUid.get(series[name]!.global_id)!
    return vevent.getAllProperties().map((property) => property.toICALString())
  }
  expect(lines('yoga')).toEqual(
    expect.arrayContaining([
      'DTSTART;TZID=America/New_York:20270105T190000',
      'DTEND;TZID=America/New_York:20270105T203000',
      // The last day's end in New York, in UTC as RFC 5545 wants beside a zoned start.
      'RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270701T035959Z',
      'RDATE;TZID=America/New_York:20270109T100000',
      'EXDATE;TZID=America/New_York:20270107T190000,20270316T190000,20270406T190000',
    ]),
  )
  expect((await occurrencesOf(series.night!)).map((event) => event.utc_start_date)).toEqual([
    '2027-03-12 07:30:00',
    '2027-03-13 07:30:00',
    '2027-03-15 06:30:00',
    '2027-11-07 06:30:00',
  ])
  expect(lines('night')).toEqual(
    expect.arrayContaining([
      // The 14th at the rule's 02:30, which the apps' expansion of the rule gives and matches.
      'EXDATE;TZID=America/New_York:20270314T023000,20270316T023000',
      // The second 01:30, which New York's wall clock cannot name, in UTC.
      'RDATE:20271107T063000Z',
    ]),
  )
  // The market starts on the 27th, a day the rule does not name: RFC 5545 leaves such a set to each app, so the
  // feed starts from the rule's first day, the 27th an extra date and the count one less.
  expect(lines('market')).toEqual(
    expect.arrayContaining([
      'DTSTART;VALUE=DATE:20270228',
      'DTEND;VALUE=DATE:20270302',
      'RRULE:FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=11',
      'RDATE;VALUE=DATE:20270227',
      'EXDATE;VALUE=DATE:20270531',
    ]),
  )
  const run = await occurrencesOf(series.run!)
  expect(run).toHaveLength(CAP)
  expect(lines('run')).toContain(
    `RRULE:FREQ=DAILY;UNTIL=${run.at(-1).utc_start_date.replace(/[-: ]/g, (c: string) => (c === ' ' ? 'T' : ''))}Z`,
  )
  expect(lines('swim')).toContain('DTSTART;TZID=UTC+8:20270104T070000')
  expect(lines('single')).toContain('DTSTART:20270320T220000Z')

  for (const [name, event] of Object.entries(series)) {
    const json = (await occurrencesOf(event)).map(spanOf)
    const last = name === 'quiz' ? json.at(-1)![0] : FAR.replace('T', ' ')
    expect([name, icalJsSpans(byUid.get(event.global_id)!, last)]).toEqual([name, json])
  }
})

testWithPython(
  'python-icalendar and python-dateutil read the feed to the same occurrences',
  async () => {
    const { text } = await calendar(`/events?ical=1&${WINDOW}`)
    const script = path.join(import.meta.dirname, '../recurrence/ical-expand.py')
    const expanded = JSON.parse(
      execFileSync(python ?? 'python3', [script, FAR], { input: text, encoding: 'utf8' }),
    ) as Record<string, Span[]>
    for (const [name, event] of Object.entries(series)) {
      const json = (await occurrencesOf(event)).map(spanOf)
      const read = expanded[event.global_id]!
      const kept = name === 'quiz' ? read.filter(([start]) => start <= json.at(-1)![0]) : read
      expect([name, kept]).toEqual([name, json])
    }
  },
)

test('expand=1 writes each occurrence of the window as an event of its own, named by its series and date', async () => {
  const { events } = await calendar(`/events?ical=1&expand=1&${WINDOW}`)
  const json: any[] = []
  for (let page = 1; ; page++) {
    const { body } = await request(`/events?${WINDOW}&per_page=50&page=${page}`, {
      token: undefined,
    })
    json.push(...body.events)
    if (page >= body.total_pages) break
  }
  expect(events).toHaveLength(json.length)
  const uids = events.map(uidOf)
  expect(new Set(uids).size).toBe(uids.length)
  expect(uids).toEqual(
    json.map((event) =>
      event.recurrence
        ? `${series[Object.keys(series).find((name) => series[name]!.id === event.recurrence.series_id)!]!.global_id}&occurrence=${event.recurrence.occurrence}`
        : event.global_id,
    ),
  )
  expect(uids).not.toContain(`${series.yoga!.global_id}&occurrence=2027-03-16`)
  for (const [index, vevent] of events.entries()) {
    const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time
    expect(start.isDate ? start.toString() : utcWire(start)).toBe(spanOf(json[index])[0])
  }
})

test('one event as a calendar: the series with its rule, expanded on request, and one occurrence, cancelled or not', async () => {
  const whole = await calendar(`/events/${series.yoga!.id}?ical=1`)
  expect(whole.events.map(uidOf)).toEqual([series.yoga!.global_id])
  expect(whole.events[0]!.getFirstPropertyValue('rrule')).toBeTruthy()

  const yoga = await occurrencesOf(series.yoga!)
  const expanded = await calendar(`/events/${series.yoga!.id}?ical=1&expand=1`)
  expect(
    expanded.events.map((vevent) => utcWire(vevent.getFirstPropertyValue('dtstart') as ICAL.Time)),
  ).toEqual(yoga.map((event) => event.utc_start_date))

  const one = await calendar(`/events/${yoga[3].id}?ical=1`)
  expect(one.events.map(uidOf)).toEqual([
    `${series.yoga!.global_id}&occurrence=${yoga[3].recurrence.occurrence}`,
  ])
  expect(utcWire(one.events[0]!.getFirstPropertyValue('dtstart') as ICAL.Time)).toBe(
    yoga[3].utc_start_date,
  )
  const cancelled = await calendar(`/events/${cancelledId}?ical=1`)
  expect(cancelled.events[0]!.getFirstPropertyValue('status')).toBe('CANCELLED')
  expect(uidOf(cancelled.events[0]!)).toBe(`${series.yoga!.global_id}&occurrence=2027-03-16`)
})

test('a series cut short by the cap ends at its last planned start, even when that occurrence was moved', async () => {
  const run = await occurrencesOf(series.run!)
  const last = run.at(-1)
  const planned = last.utc_start_date.replace(/[-: ]/g, (c: string) => (c === ' ' ? 'T' : ''))
  // Two days earlier at noon: no longer the latest start, still the rule's last date.
  const earlier = new Date(Date.parse(`${last.start_date.slice(0, 10)}T00:00:00Z`) - 2 * 86_400_000)
  const moved = await request(`/events/${last.id}`, {
    method: 'POST',
    body: { start_date: `${earlier.toISOString().slice(0, 10)} 12:00:00` },
  })
  expect(moved.status).toBe(200)

  const { events } = await calendar(`/events?ical=1&include=${series.run!.id}`)
  const [master, override, ...rest] = events
  expect(rest).toEqual([])
  expect(master!.getFirstProperty('rrule')!.toICALString()).toBe(
    `RRULE:FREQ=DAILY;UNTIL=${planned}Z`,
  )
  const event = new ICAL.Event(master!)
  event.relateException(override!)
  const starts: string[] = []
  const iterator = event.iterator()
  for (let next = iterator.next(); next; next = iterator.next())
    starts.push(utcWire(event.getOccurrenceDetails(next).startDate))
  expect(starts.sort()).toEqual((await occurrencesOf(series.run!)).map((e) => e.utc_start_date))
})
