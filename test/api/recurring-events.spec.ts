/**
 * Recurring events on the wire (docs/api.md#recurring-events): a write takes the rule; lists show every occurrence
 * as an item of its own (own id, dates and address), filtered, paged and counted as events are; an occurrence's id
 * answers that occurrence and the series' id its occurrence now or next; `hide_subsequent_recurrences` shows each
 * series once. Bad rules are 400s naming why. The site's zone (in which list windows are read) has daylight saving
 * time and is not the events' own.
 */
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'
const BASE = 1_000_000_000

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer({ timezone: 'America/New_York' })
  admin = await registerFirstUser(server)
})
afterAll(() => server?.stop())

const write = (path: string, body: object, method = 'POST') =>
  server.request(`${NS}${path}`, { token: admin, body, method })

async function createEvent(body: object) {
  const {
    status,
    body: event,
    headers,
  } = await write('/events', {
    status: 'publish',
    timezone: 'Asia/Hong_Kong',
    ...body,
  })
  expect([status, event.code]).toEqual([201, undefined])
  return { event, headers }
}

const list = async (query: string, token?: string) => {
  const answer = await server.request(`${NS}/events?${query}`, { token })
  expect(answer.status).toBe(200)
  return answer
}

const startsOf = (events: { start_date: string }[]) => events.map((event) => event.start_date)

test('a weekly series at 19:00 in Hong Kong lists one item per date, each with its own id, dates and address', async () => {
  const { event } = await createEvent({
    title: 'Yoga',
    start_date: '2027-01-05 19:00:00',
    end_date: '2027-01-05 20:30:00',
    recurrence: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=6',
  })
  expect(event.recurrence).toEqual({
    series_id: event.id,
    occurrence: null,
    cancelled: false,
    original_start: null,
    changed: false,
    rule: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=6',
    rdates: [],
    exdates: [],
  })
  const { body, headers } = await list(
    `start_date=2027-01-01&end_date=2027-01-31&search=Yoga&per_page=4`,
  )
  expect([headers.get('x-tec-total'), headers.get('x-tec-totalpages'), body.total]).toEqual([
    '6',
    '2',
    6,
  ])
  expect(startsOf(body.events)).toEqual([
    '2027-01-05 19:00:00',
    '2027-01-07 19:00:00',
    '2027-01-12 19:00:00',
    '2027-01-14 19:00:00',
  ])
  const [first, second] = body.events
  expect(first.id).toBeGreaterThan(BASE)
  expect(second.id).not.toBe(first.id)
  expect([first.utc_start_date, first.end_date, first.slug]).toEqual([
    '2027-01-05 11:00:00',
    '2027-01-05 20:30:00',
    event.slug,
  ])
  expect(first.url).toBe(`${event.url}2027-01-05/`)
  expect(first.rest_url).toBe(event.rest_url.replace(/\d+$/, String(first.id)))
  expect(first.recurrence).toEqual({
    ...event.recurrence,
    occurrence: '2027-01-05',
    original_start: '2027-01-05 19:00:00',
  })
  const next = await list(`start_date=2027-01-01&end_date=2027-01-31&search=Yoga&per_page=4&page=2`)
  expect(startsOf(next.body.events)).toEqual(['2027-01-19 19:00:00', '2027-01-21 19:00:00'])

  // One occurrence by its id; the series by its own id is its occurrence now or next (here: the first).
  const one = await server.request(`${NS}/events/${second.id}`)
  expect([one.status, one.body.id, one.body.start_date, one.body.json_ld?.startDate]).toEqual([
    200,
    second.id,
    '2027-01-07 19:00:00',
    '2027-01-07T19:00:00+08:00',
  ])
  const series = await server.request(`${NS}/events/${event.id}`)
  expect([series.body.id, series.body.start_date]).toEqual([first.id, first.start_date])
  const bySlug = await server.request(`${NS}/events/by-slug/${event.slug}`)
  expect(bySlug.body.id).toBe(first.id)
  const unknown = await server.request(`${NS}/events/${BASE + 999_999}`)
  expect([unknown.status, unknown.body.code]).toEqual([404, 'rest-event-not-found'])

  // A draft's occurrences are the draft's: not for anonymous callers, as the event is not.
  await write(`/events/${event.id}`, { status: 'draft' }, 'PUT')
  const hidden = await server.request(`${NS}/events/${second.id}`)
  expect([hidden.status, hidden.body.code]).toEqual([403, 'event-not-accessible'])
  const asEditor = await server.request(`${NS}/events/${second.id}`, { token: admin })
  expect([asEditor.status, asEditor.body.id]).toEqual([200, second.id])
  const listed = await list(`start_date=2027-01-01&end_date=2027-01-31&search=Yoga`)
  expect(listed.body.total).toBe(0)
})

test('times stay on the wall clock across daylight saving; a series wholly past answers its last occurrence', async () => {
  const { event } = await createEvent({
    title: 'Choir',
    timezone: 'Europe/London',
    start_date: '2025-03-18 19:00:00',
    end_date: '2025-03-18 21:00:00',
    recurrence: 'FREQ=WEEKLY;COUNT=3',
  })
  const { body } = await list(`start_date=2025-03-01&end_date=2025-04-30&search=Choir`)
  expect(
    body.events.map((item: { start_date: string; utc_start_date: string }) => [
      item.start_date,
      item.utc_start_date,
    ]),
  ).toEqual([
    ['2025-03-18 19:00:00', '2025-03-18 19:00:00'],
    ['2025-03-25 19:00:00', '2025-03-25 19:00:00'],
    ['2025-04-01 19:00:00', '2025-04-01 18:00:00'],
  ])
  const last = await server.request(`${NS}/events/${event.id}`)
  expect([last.body.id, last.body.start_date]).toEqual([body.events[2].id, '2025-04-01 19:00:00'])
})

test('hide_subsequent_recurrences shows each series once, at its first date in the window, beside single events', async () => {
  const { event: category } = await (async () => {
    const answer = await write('/categories', { name: 'Meetups' })
    return { event: answer.body }
  })()
  const { event: series } = await createEvent({
    title: 'Meetup monthly',
    start_date: '2027-01-29 18:30:00',
    end_date: '2027-01-29 21:00:00',
    recurrence: { rule: 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=12', exdates: ['2027-02-26T18:30'] },
    categories: [category.id],
  })
  const { event: single } = await createEvent({
    title: 'Meetup special',
    start_date: '2027-03-10 18:30:00',
    end_date: '2027-03-10 21:00:00',
    categories: [category.id],
  })
  const all = await list(`categories=${category.slug}&start_date=2027-01-01&end_date=2027-06-30`)
  expect(startsOf(all.body.events)).toEqual([
    '2027-01-29 18:30:00',
    '2027-03-10 18:30:00',
    '2027-03-26 18:30:00',
    '2027-04-30 18:30:00',
    '2027-05-28 18:30:00',
    '2027-06-25 18:30:00',
  ])
  expect(all.body.events[1].id).toBe(single.id)
  expect(all.body.events[1].recurrence).toBeUndefined()
  const once = await list(
    `categories=${category.slug}&start_date=2027-03-01&end_date=2027-06-30&hide_subsequent_recurrences=1`,
  )
  expect([once.body.total, startsOf(once.body.events)]).toEqual([
    2,
    ['2027-03-10 18:30:00', '2027-03-26 18:30:00'],
  ])
  expect(once.body.rest_url).toContain('hide_subsequent_recurrences=1')
  // A term counts events, not occurrences.
  const term = await server.request(`${NS}/categories/${category.id}`)
  expect(term.body.count).toBe(2)
  // `include` takes a series' id (all its occurrences) and an occurrence's own id.
  const included = await list(`include=${series.id},${all.body.events[3].id}`)
  expect(included.body.total).toBe(11)
})

test('editing the rule keeps the ids of the dates the series still has; clearing it makes a single event again', async () => {
  const { event } = await createEvent({
    title: 'Pottery',
    start_date: '2027-02-01 10:00:00',
    end_date: '2027-02-01 12:00:00',
    recurrence: 'FREQ=DAILY;COUNT=3',
  })
  const before = await list(`search=Pottery&start_date=2027-01-31&end_date=2027-02-28`)
  const edited = await write(
    `/events/${event.id}`,
    {
      start_date: '2027-02-01 14:00:00',
      end_date: '2027-02-01 16:00:00',
      recurrence: 'FREQ=DAILY;COUNT=4',
    },
    'PUT',
  )
  expect(edited.status).toBe(200)
  const after = await list(`search=Pottery&start_date=2027-01-31&end_date=2027-02-28`)
  expect(after.body.events.map((item: { id: number }) => item.id).slice(0, 3)).toEqual(
    before.body.events.map((item: { id: number }) => item.id),
  )
  expect(startsOf(after.body.events)).toEqual([
    '2027-02-01 14:00:00',
    '2027-02-02 14:00:00',
    '2027-02-03 14:00:00',
    '2027-02-04 14:00:00',
  ])
  await write(`/events/${event.id}`, { recurrence: null }, 'PUT')
  const single = await list(`search=Pottery&start_date=2027-01-31&end_date=2027-02-28`)
  expect(single.body.events.map((item: { id: number }) => item.id)).toEqual([event.id])
  expect(single.body.events[0].recurrence).toBeUndefined()
})

test('DELETE of an occurrence cancels it alone: out of lists, still at its id, kept when the series is edited', async () => {
  const { event } = await createEvent({
    title: 'Lunchtime concert',
    start_date: '2027-05-03 12:30:00',
    end_date: '2027-05-03 13:30:00',
    recurrence: 'FREQ=WEEKLY;COUNT=4',
  })
  const window = 'search=Lunchtime&start_date=2027-05-01&end_date=2027-05-31'
  const before = (await list(window)).body.events
  const first = before[0]
  expect(startsOf(before)).toHaveLength(4)

  const anonymous = await server.request(`${NS}/events/${first.id}`, { method: 'DELETE' })
  expect(anonymous.status).toBe(401)
  const cancelled = await write(`/events/${first.id}`, {}, 'DELETE')
  expect([cancelled.status, cancelled.body.id, cancelled.body.recurrence.cancelled]).toEqual([
    200,
    first.id,
    true,
  ])
  const after = await list(window)
  expect([after.body.total, after.body.events[0].id]).toEqual([3, before[1].id])
  const alone = await server.request(`${NS}/events/${first.id}`)
  expect([alone.status, alone.body.recurrence.cancelled]).toEqual([200, true])
  // The event's own address passes over it, to the next one that takes place.
  expect((await server.request(`${NS}/events/${event.id}`)).body.id).toBe(before[1].id)

  await write(
    `/events/${event.id}`,
    { start_date: '2027-05-03 12:00:00', end_date: '2027-05-03 13:00:00' },
    'PUT',
  )
  const edited = await list(window)
  expect(startsOf(edited.body.events)).toEqual([
    '2027-05-10 12:00:00',
    '2027-05-17 12:00:00',
    '2027-05-24 12:00:00',
  ])
  const gone = await write(`/events/${BASE + 999_999}`, {}, 'DELETE')
  expect([gone.status, gone.body.code]).toEqual([404, 'rest-event-not-found'])
})

test('a rule that cannot be read, or gives no date, is a 400 naming why; one beyond the cap is cut and says so', async () => {
  const base = { title: 'Bad', start_date: '2027-04-01 10:00:00', end_date: '2027-04-01 11:00:00' }
  const cases: [object, string][] = [
    [
      { recurrence: 'FREQ=FORTNIGHTLY' },
      'Invalid rule: FREQ is one of DAILY, WEEKLY, MONTHLY, YEARLY, not FORTNIGHTLY.',
    ],
    [{ recurrence: 'BYDAY=MO' }, 'Invalid rule: FREQ is required.'],
    [
      { recurrence: { rule: 'FREQ=DAILY', when: 'always' } },
      '"when" is not one of rule, rdates, exdates, frequency, interval, days, month_days, months, positions, week_start, count, until.',
    ],
    [
      { recurrence: { rdates: ['2027-02-30'] } },
      'rdates: "2027-02-30" is not YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS] or an instant ending in Z.',
    ],
    [{ recurrence: 7 }, 'It is rule text or { rule, rdates, exdates }.'],
    [
      { recurrence: { rule: 'FREQ=DAILY;COUNT=1', exdates: ['2027-04-01T10:00'] } },
      'The rule and dates give the event no occurrence.',
    ],
    [
      {
        start_date: '1000-02-01 10:00:00',
        end_date: '1000-02-01 11:00:00',
        recurrence: 'FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=31',
      },
      'Invalid rule: its dates could not be worked out (Maximum iterations (10000) exceeded in all()).',
    ],
  ]
  for (const [body, reason] of cases) {
    const answer = await write('/events', { ...base, ...body })
    expect([answer.status, answer.body.code, answer.body.data.params]).toEqual([
      400,
      'rest_invalid_param',
      { recurrence: reason },
    ])
  }
  const daily = await createEvent({ ...base, title: 'Daily forever', recurrence: 'FREQ=DAILY' })
  expect(daily.headers.get('x-calendar-occurrences-capped')).toBe('1000')
  // Begun long ago and without end: 1,000 days ahead of now are kept (the cap counts those ahead), and the days
  // before now as far back as the horizon is ahead, without expanding the centuries up to now.
  const ancient = await createEvent({
    title: 'Ancient daily',
    start_date: '1200-01-01 10:00:00',
    end_date: '1200-01-01 11:00:00',
    recurrence: 'FREQ=DAILY',
  })
  expect(ancient.headers.get('x-calendar-occurrences-capped')).toBe('1000')
  const next = await server.request(`${NS}/events/${ancient.event.id}`)
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
  expect(next.body.start_date >= day(-1) && next.body.start_date < day(2)).toBe(true)
  const ahead = await server.payload.count({
    collection: 'event-occurrences',
    where: {
      and: [
        { series: { equals: ancient.event.id } },
        { startDate: { greater_than_equal: new Date().toISOString() } },
      ],
    },
    overrideAccess: true,
  })
  expect(ahead.totalDocs).toBe(1000)
  const { body } = await list(
    `search=Daily%20forever&start_date=2027-01-01&end_date=2030-12-31&per_page=1`,
  )
  expect(body.total).toBe(1000)
})

test('a rule can be given part by part: stored as the same rule text, its mistakes refused with the reason', async () => {
  const { event } = await createEvent({
    title: 'Structured class',
    start_date: '2027-03-02 19:00:00',
    end_date: '2027-03-02 20:00:00',
    recurrence: {
      frequency: 'weekly',
      days: ['TU', 'th'],
      until: '2027-03-31',
      exdates: ['2027-03-04T19:00'],
    },
  })
  expect(event.recurrence).toMatchObject({
    rule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270331',
    exdates: ['2027-03-04T19:00'],
  })
  const { body } = await list(`include=${event.id}`)
  expect(startsOf(body.events)[0]).toBe('2027-03-02 19:00:00')
  expect(body.events).toHaveLength(8)
  const { event: monthly } = await createEvent({
    title: 'Structured quiz',
    start_date: '2027-01-29 19:00:00',
    end_date: '2027-01-29 21:00:00',
    recurrence: { frequency: 'MONTHLY', days: '-1FR', count: 3 },
  })
  expect(monthly.recurrence.rule).toBe('FREQ=MONTHLY;BYDAY=-1FR;COUNT=3')
  for (const [recurrence, reason] of [
    [{ frequency: 'hourly' }, /FREQ/],
    [{ frequency: 'daily', rule: 'FREQ=DAILY' }, /not both/],
    [{ frequency: 'weekly', days: [{ day: 'TU' }] }, /days is text/],
    [{ frequency: 'weekly', every: 2 }, /"every" is not one of/],
    [{ frequency: 'monthly', month_days: [32] }, /BYMONTHDAY/],
  ] as const) {
    const { status, body: error } = await write('/events', {
      title: 'Refused',
      start_date: '2027-01-05 19:00:00',
      end_date: '2027-01-05 20:00:00',
      recurrence,
    })
    expect([status, error.code, error.data.params.recurrence]).toEqual([
      400,
      'rest_invalid_param',
      expect.stringMatching(reason),
    ])
  }
})
