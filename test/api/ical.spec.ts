import ICAL from 'ical.js'
import fs from 'node:fs'
import path from 'node:path'

import type { Dataset } from '../../src/import/dataset.js'

import { importCalendarDataset } from '../../src/import/importDataset.js'
import { textToRichText } from '../../src/richText/fromText.js'
import { createCalendar, inDays } from '../helpers/calendar.js'
import { ROOT } from '../helpers/run.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'
const ZONE = 'America/New_York'
const CALENDAR = { accept: 'text/calendar' }

let server: TestServer
let admin: string
let calendar: Awaited<ReturnType<typeof createCalendar>>

beforeAll(async () => {
  server = await startTestServer({ timezone: ZONE })
  admin = await registerFirstUser(server)
  calendar = await createCalendar(server.payload)
})
afterAll(() => server?.stop())

const get = (url: string, init: { token?: string; headers?: Record<string, string> } = {}) =>
  server.request(`${NS}${url}`, init)

type Parsed = { calendar: ICAL.Component; events: ICAL.Component[] }
/** The answer read by an independent parser, after the checks on its raw form no parser makes. */
function parse(text: string): Parsed {
  expect(text.endsWith('\r\n')).toBe(true)
  const lines = text.slice(0, -2).split('\r\n')
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/)
    expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    // A fold inside a UTF-8 sequence would leave a replacement character on one of the two lines.
    expect(line).not.toContain('\ufffd')
  }
  const root = new ICAL.Component(ICAL.parse(text) as unknown[])
  return { calendar: root, events: root.getAllSubcomponents('vevent') }
}
const value = (component: ICAL.Component, name: string) =>
  component.getFirstPropertyValue(name)?.toString()
const byUid = (parsed: Parsed) =>
  new Map(parsed.events.map((event) => [value(event, 'uid'), event]))
const decodeEntities = (html: string) =>
  html.replace(
    /&(amp|lt|gt|quot|#039);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#039': "'" })[name]!,
  )
const utc = (wire: string) => `${wire.replace(' ', 'T')}Z`

/** Every event of a JSON list, page after page. */
async function allEvents(query: string, token?: string) {
  const events: any[] = []
  for (let page = 1; ; page++) {
    const { body } = await get(`/events?${query}&per_page=50&page=${page}`, { token })
    events.push(...body.events)
    if (page >= body.total_pages) return events
  }
}

describe('iCalendar answers of the events list', () => {
  test('Accept: text/calendar answers a calendar that Google Calendar and Outlook accept', async () => {
    const { status, body, headers } = await get('/events', { headers: CALENDAR })
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(headers.get('content-disposition')).toBe('attachment; filename="events.ics"')
    expect(headers.get('vary')).toBe('Origin, Authorization, Accept')
    const { calendar: root } = parse(body)
    expect(value(root, 'version')).toBe('2.0')
    expect(value(root, 'prodid')).toMatch(/^-\/\/payload-events-calendar\/\//)
    expect(value(root, 'method')).toBe('PUBLISH')
    expect(value(root, 'calscale')).toBe('GREGORIAN')
    expect(value(root, 'x-wr-calname')).toBe('Events')
    expect(value(root, 'x-wr-timezone')).toBe(ZONE)
  })

  test('holds the events of the JSON list with the same filters, in a window from 30 days back to a year ahead', async () => {
    const { body } = await get('/events?ical=1')
    const window = `start_date=${inDays(-30).slice(0, 10)}&end_date=${inDays(365).slice(0, 10)}`
    const json = await allEvents(window)
    const uids = parse(body).events.map((event) => value(event, 'uid'))
    expect(uids).toEqual(json.map((event) => event.global_id))
    const titles = json.map((event) => event.title)
    expect(titles).toContain('Past Lecture')
    expect(titles).not.toContain('Far Future Gala')
    expect(titles).not.toContain('Hidden Rehearsal')
    expect(titles).not.toContain('Draft Planning Meeting')

    const music = parse((await get('/events?categories=music&ical=1')).body).events.map((event) =>
      value(event, 'summary'),
    )
    expect(music).toEqual(
      (await allEvents(`${window}&categories=music`)).map((event) => event.title),
    )
    expect(music).toEqual(['Jazz Night', 'Symphony Concert'])
    const dated = parse(
      (
        await get(
          `/events?start_date=${inDays(700).slice(0, 10)}&end_date=${inDays(900).slice(0, 10)}`,
          { headers: CALENDAR },
        )
      ).body,
    )
    expect(dated.events.map((event) => value(event, 'summary'))).toEqual(['Far Future Gala'])
  })

  test('shows editors what the JSON list shows them, drafts as tentative', async () => {
    const anonymous = byUid(parse((await get('/events?ical=1')).body))
    const editor = parse((await get('/events?ical=1', { token: admin })).body)
    const draft = editor.events.find(
      (event) => value(event, 'summary') === 'Draft Planning Meeting',
    )!
    expect(value(draft, 'status')).toBe('TENTATIVE')
    const privateDinner = editor.events.find(
      (event) => value(event, 'summary') === 'Private Dinner',
    )!
    expect(value(privateDinner, 'class')).toBe('PRIVATE')
    expect([...anonymous.values()].map((event) => value(event, 'summary'))).not.toContain(
      'Draft Planning Meeting',
    )
  })

  test('describes an event with its place, organizers, categories, link and revision', async () => {
    const { body: json } = await get(`/events/${calendar.events.jazzNight.id}`)
    const jazz = byUid(parse((await get('/events?ical=1')).body)).get(json.global_id)!
    expect(value(jazz, 'summary')).toBe('Jazz Night')
    expect(jazz.getFirstPropertyValue('dtstart')!.toString()).toBe(utc(json.utc_start_date))
    expect(jazz.getFirstPropertyValue('dtend')!.toString()).toBe(utc(json.utc_end_date))
    expect(value(jazz, 'dtstamp')).toBe(utc(json.modified_utc))
    expect(value(jazz, 'last-modified')).toBe(utc(json.modified_utc))
    expect(value(jazz, 'location')).toBe(
      'Blue Note Hall, 131 W 3rd St, New York, NY, 10012, United States',
    )
    expect(jazz.getFirstPropertyValue('geo')).toEqual([40.7308, -74.0005])
    expect(
      jazz
        .getAllProperties('organizer')
        .map((property) => [property.getParameter('cn'), property.getFirstValue()]),
    ).toEqual([
      ['Alice Events', 'mailto:alice@example.com'],
      ['Bob Presents', 'mailto:bob@example.org'],
    ])
    expect(jazz.getFirstProperty('categories')!.getValues()).toEqual(['Jazz'])
    expect(value(jazz, 'url')).toBe(json.url)
    expect(value(jazz, 'description')).toBe('An evening of live jazz with the house band.')
    expect(value(jazz, 'status')).toBe('CONFIRMED')
    const sequence = Number(value(jazz, 'sequence'))
    expect(Number.isInteger(sequence) && sequence >= 0).toBe(true)
  })

  test('a later edit raises SEQUENCE and LAST-MODIFIED', async () => {
    const { id } = calendar.events.concert
    const before = byUid(parse((await get(`/events/${id}?ical=1`)).body))
      .values()
      .next().value!
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await server.payload.update({
      collection: 'events',
      id,
      data: { excerpt: 'Now with a choir.' },
    })
    const after = byUid(parse((await get(`/events/${id}?ical=1`)).body))
      .values()
      .next().value!
    expect(Number(value(after, 'sequence'))).toBeGreaterThan(Number(value(before, 'sequence')))
    expect(value(after, 'last-modified')! > value(before, 'last-modified')!).toBe(true)
    expect(value(after, 'uid')).toBe(value(before, 'uid'))
  })

  test('speaks the requested language, names included', async () => {
    const { body } = await get('/events?ical=1&ml_language=zh-hant')
    const parsed = parse(body)
    expect(value(parsed.calendar, 'x-wr-calname')).toBe('活動')
    const jazz = parsed.events.find((event) => value(event, 'summary') === '爵士之夜')!
    expect(jazz.getFirstProperty('categories')!.getValues()).toEqual(['爵士樂'])
    const prefixed = await server.request(`/zh-hans${NS}/events?ical=1`)
    expect(value(parse(prefixed.body).calendar, 'x-wr-calname')).toBe('活动')
  })

  test('a password-protected event shows no more than in the JSON list', async () => {
    const secret = parse((await get(`/events?ical=1`)).body).events.find(
      (event) => value(event, 'summary') === 'Members Only Jam',
    )!
    expect(secret.getFirstProperty('description')).toBeNull()
    expect(secret.getFirstProperty('location')).toBeNull()
  })
})

describe('iCalendar text', () => {
  test('all-day events are dates with an exclusive end', async () => {
    const event = await server.payload.create({
      collection: 'events',
      data: {
        title: 'Street Fair',
        startDate: inDays(12),
        endDate: inDays(13),
        allDay: true,
        timezone: ZONE,
        status: 'publish',
      } as never,
    })
    const { body: json } = await get(`/events/${event.id}`)
    const fair = parse((await get(`/events/${event.id}`, { headers: CALENDAR })).body).events[0]!
    const start = fair.getFirstProperty('dtstart')!
    expect(start.type).toBe('date')
    expect(start.getFirstValue()!.toString()).toBe(json.start_date.slice(0, 10))
    const dayAfterEnd = new Date(`${json.end_date.slice(0, 10)}T00:00:00Z`)
    dayAfterEnd.setUTCDate(dayAfterEnd.getUTCDate() + 1)
    expect(fair.getFirstPropertyValue('dtend')!.toString()).toBe(
      dayAfterEnd.toISOString().slice(0, 10),
    )
  })

  test('escapes separators and folds long lines without splitting a character', async () => {
    const title = 'Poetry; prose, and a back\\slash & <more>'
    const description = `${'長'.repeat(120)}\n\nSecond paragraph; with, separators.`
    const event = await server.payload.create({
      collection: 'events',
      data: {
        title,
        description: textToRichText(description),
        startDate: inDays(14),
        endDate: inDays(14, 22),
        timezone: ZONE,
        status: 'publish',
      } as never,
    })
    const { body, headers } = await get(`/events/${event.id}?ical=1`)
    expect(headers.get('content-disposition')).toBe(`attachment; filename="event-${event.id}.ics"`)
    expect(body).toContain('SUMMARY:Poetry\\; prose\\, and a back\\\\slash & <more>\r\n')
    const parsed = parse(body).events[0]!
    expect(value(parsed, 'summary')).toBe(title)
    expect(value(parsed, 'description')).toBe(description)
  })

  test('the single routes answer by id and by slug, and errors stay JSON', async () => {
    const { slug, id } = calendar.events.run
    const bySlug = parse((await get(`/events/by-slug/${slug}`, { headers: CALENDAR })).body)
    const byId = parse((await get(`/events/${id}?ical=1`)).body)
    expect(bySlug.events.map((event) => value(event, 'uid'))).toEqual(
      byId.events.map((event) => value(event, 'uid')),
    )
    expect(bySlug.events).toHaveLength(1)
    const missing = await get('/events/999999', { headers: CALENDAR })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-type')).toBe('application/json; charset=UTF-8')
    expect(missing.body.code).toBe('rest-event-not-found')
    const bad = await get('/events?ical=maybe')
    expect(bad.status).toBe(400)
    expect(bad.body.data.params).toHaveProperty('ical')
  })

  test('/doc names the calendar answers and the ical parameter of the events routes', async () => {
    const { body: doc } = await get('/doc')
    for (const path of ['/events', '/events/{id}', '/events/by-slug/{slug}']) {
      expect(Object.keys(doc.paths[path].get.responses['200'].content)).toEqual([
        'application/json',
        'text/calendar',
      ])
      expect(
        doc.paths[path].get.parameters.map((parameter: { name: string }) => parameter.name),
      ).toContain('ical')
    }
  })

  test('JSON stays the answer for browsers and JSON clients', async () => {
    for (const accept of [
      'text/html,application/xhtml+xml,*/*;q=0.8',
      'application/json',
      'application/json, text/calendar;q=0.5',
    ]) {
      const { headers } = await get('/events', { headers: { accept } })
      expect(headers.get('content-type')).toBe('application/json; charset=UTF-8')
    }
  })
})

describe('caching', () => {
  test('calendar answers carry an ETag, answer 304, and never take the place of the JSON answer at the same URL', async () => {
    const first = await get('/events?per_page=3', { headers: CALENDAR })
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await get('/events?per_page=3', {
      headers: { ...CALENDAR, 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    const json = await get('/events?per_page=3')
    expect(json.headers.get('content-type')).toBe('application/json; charset=UTF-8')
    expect(json.headers.get('etag')).not.toBe(etag)
    expect(json.body.events).toHaveLength(3)
    const calendarAgain = await get('/events?per_page=3', { headers: CALENDAR })
    expect(calendarAgain.body).toBe(first.body)
  })
})

describe('the demo calendar', () => {
  test('round-trips in every language: each event of the JSON list is in the feed with its title, times, place and link', async () => {
    const demo = JSON.parse(fs.readFileSync(path.join(ROOT, 'seed/demo.json'), 'utf8')) as Dataset
    await importCalendarDataset(server.sitePayload, demo)
    const range = 'start_date=2000-01-01&end_date=2100-12-31'
    for (const language of ['en', 'zh-hans', 'zh-hant']) {
      const json = await allEvents(`${range}&ml_language=${language}`)
      expect(json.length).toBeGreaterThan(demo.events.length)
      const feed = byUid(
        parse((await get(`/events?${range}&ml_language=${language}&ical=1&expand=1`)).body),
      )
      // Each occurrence of a series is written on its own, by its series' UID and its date (docs/api.md).
      const uidOf = (event: any) =>
        event.recurrence
          ? event.global_id.replace(
              /id=\d+$/,
              `id=${event.recurrence.series_id}&occurrence=${event.recurrence.occurrence}`,
            )
          : event.global_id
      expect(json.some((event) => event.recurrence)).toBe(true)
      expect([...feed.keys()]).toEqual(json.map(uidOf))
      for (const event of json) {
        const entry = feed.get(uidOf(event))!
        expect(value(entry, 'summary')).toBe(decodeEntities(event.title))
        expect(value(entry, 'url')).toBe(event.url)
        const start = entry.getFirstPropertyValue('dtstart')!.toString()
        expect(start).toBe(
          event.all_day ? event.start_date.slice(0, 10) : utc(event.utc_start_date),
        )
        const venue = Array.isArray(event.venue) ? event.venue[0] : event.venue
        if (venue?.venue) expect(value(entry, 'location')).toContain(decodeEntities(venue.venue))
        expect(entry.getFirstProperty('categories')?.getValues() ?? []).toEqual(
          event.categories.map((term: { name: string }) => decodeEntities(term.name)),
        )
        if (event.description) expect(value(entry, 'description')!.length).toBeGreaterThan(0)
      }
    }
  })
})
