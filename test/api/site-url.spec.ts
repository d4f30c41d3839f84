/**
 * Absolute URLs come from the configured site address, never from the request
 * (docs/api.md#addresses-browsers-and-the-originals-paths): a forged `Host` or `X-Forwarded-*` header appears in no
 * body and no header of any route family. The host sets no `serverURL`, the case where the request's address used
 * to be taken. Page URLs have the original's permalink shapes and `global_id`s are unique across record types (the
 * same section, "Page URLs" and "`global_id`").
 */
import http from 'node:http'

import { reportSiteURL } from '../../src/serialize/siteURL.js'
import { createCalendar } from '../helpers/calendar.js'
import { PNG } from '../helpers/png.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'
/** Where URLs point without a serverURL (no PORT in the tests' environment). */
const SITE = 'http://localhost:3000'
const FORGED = {
  host: 'evil.example:666',
  'x-forwarded-host': 'forged.example',
  'x-forwarded-proto': 'https',
}
let server: TestServer
let admin: string
let calendar: Awaited<ReturnType<typeof createCalendar>>

beforeAll(async () => {
  server = await startTestServer({}, { serverURL: '' })
  admin = await registerFirstUser(server)
  calendar = await createCalendar(server.payload)
  const media = await server.payload.create({
    collection: 'media',
    data: {},
    file: { data: PNG, mimetype: 'image/png', name: 'poster.png', size: PNG.length },
  })
  await server.payload.update({
    collection: 'events',
    id: calendar.events.jazzNight.id,
    data: { image: media.id },
  })
})
afterAll(() => server?.stop())

type Raw = { status: number; headers: http.IncomingHttpHeaders; text: string }

/** A request with headers fetch will not send as given (`Host`). */
function raw(
  path: string,
  {
    body,
    headers = {},
    method = 'GET',
  }: { body?: string; headers?: Record<string, string>; method?: string },
) {
  const { port } = new URL(server.url)
  return new Promise<Raw>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      )
    })
    request.on('error', reject)
    request.end(body)
  })
}

describe('a forged Host or X-Forwarded-Host is never reflected', () => {
  const ids = () => ({
    event: calendar.events.jazzNight.id,
    venue: calendar.venues.hall.id,
    organizer: calendar.organizers.alice.id,
    category: calendar.categories.jazz.id,
    tag: calendar.tags.free.id,
  })
  const reads: [string, string][] = [
    ['namespace index', NS],
    ['OpenAPI document', `${NS}/doc`],
    ['event list, second page', `${NS}/events?per_page=2&page=2`],
    ['event', `${NS}/events/{event}`],
    ['event by slug', `${NS}/events/by-slug/jazz-night`],
    ['venue list', `${NS}/venues?per_page=1&page=2`],
    ['venue', `${NS}/venues/{venue}`],
    ['organizer list', `${NS}/organizers?per_page=1`],
    ['organizer', `${NS}/organizers/{organizer}`],
    ['category list', `${NS}/categories?per_page=1&page=2`],
    ['category', `${NS}/categories/{category}`],
    ['tag list', `${NS}/tags?per_page=1`],
    ['tag', `${NS}/tags/{tag}`],
    ['language prefix', `/zh-hant${NS}/events`],
    ['missing event', `${NS}/events/999999`],
    ['no route', `${NS}/nothing/here`],
    ['route description', `${NS}/events`],
  ]

  const expectNoForgedHost = (answer: Raw) => {
    const everything = `${JSON.stringify(answer.headers)}\n${answer.text}`
    expect(everything).not.toMatch(/evil\.example|forged\.example/)
  }

  test.each(reads)('%s', async (name, template) => {
    const path = template.replace(/\{(\w+)\}/, (_, key: keyof ReturnType<typeof ids>) =>
      String(ids()[key]),
    )
    const answer = await raw(path, {
      headers: FORGED,
      method: name === 'route description' ? 'OPTIONS' : 'GET',
    })
    expect(answer.status).toBeLessThan(500)
    expectNoForgedHost(answer)
    if (answer.status === 200 && !['namespace index', 'route description'].includes(name))
      expect(answer.text).toContain(SITE)
  })

  test('writes: created records, their Location, updates and trash', async () => {
    const write = (method: string, path: string, body?: Record<string, unknown>) =>
      raw(path, {
        method,
        body: body && JSON.stringify(body),
        headers: {
          ...FORGED,
          authorization: `JWT ${admin}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      })
    const answers = [
      await write('POST', `${NS}/events`, {
        title: 'Forged Host Party',
        start_date: '2027-03-01 10:00',
        end_date: '2027-03-01 12:00',
        venue: { venue: 'Host Hall' },
      }),
      await write('POST', `${NS}/venues`, { venue: 'Another Hall' }),
      await write('POST', `${NS}/organizers`, { organizer: 'Another Organizer' }),
      await write('POST', `${NS}/categories`, { name: 'Forged Category' }),
      await write('POST', `${NS}/tags`, { name: 'forged-tag' }),
      await write('PATCH', `${NS}/events/${ids().event}`, { excerpt: 'Changed' }),
      await write('DELETE', `${NS}/events/${calendar.events.run.id}`),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 200, 200])
    for (const answer of answers) expectNoForgedHost(answer)
    expect(answers[0].headers.location).toMatch(new RegExp(`^${SITE}${NS}/events/\\d+$`))
    expect(answers[3].headers.location).toMatch(new RegExp(`^${SITE}${NS}/categories/\\d+$`))
  })
})

describe('URLs name the configured site', () => {
  test("page URLs have the original's permalink shapes; image and REST URLs the site's address", async () => {
    const answer = await raw(`${NS}/events/${calendar.events.jazzNight.id}`, { headers: FORGED })
    const event = JSON.parse(answer.text)
    expect(event.url).toBe(`${SITE}/event/jazz-night/`)
    expect(event.rest_url).toBe(`${SITE}${NS}/events/${calendar.events.jazzNight.id}`)
    expect(event.image.url).toMatch(new RegExp(`^${SITE}/api/media/file/poster`))
    expect(event.venue.url).toBe(`${SITE}/venue/blue-note-hall/`)
    expect(event.organizer.map((organizer: { url: string }) => organizer.url)).toEqual([
      `${SITE}/organizer/alice-events/`,
      `${SITE}/organizer/bob-presents/`,
    ])
    const term = async (path: string) =>
      JSON.parse((await raw(`${NS}${path}`, { headers: FORGED })).text)
    expect((await term(`/categories/${calendar.categories.jazz.id}`)).url).toBe(
      `${SITE}/events/category/music/jazz/`,
    )
    expect((await term(`/tags/${calendar.tags.free.id}`)).url).toBe(`${SITE}/events/tag/free/`)
    const doc = JSON.parse((await raw(`${NS}/doc`, { headers: FORGED })).text)
    expect(doc.servers).toEqual([{ url: `${SITE}${NS}` }])
  })

  test("in another language than the site's default, page URLs lead to that language's pages; the REST URLs stay", async () => {
    const id = calendar.events.jazzNight.id
    for (const path of [`/zh-hant${NS}/events/${id}`, `${NS}/events/${id}?ml_language=zh-hant`]) {
      const event = JSON.parse((await raw(path, {})).text)
      expect(event.url).toBe(`${SITE}/zh-hant/event/jazz-night/`)
      expect(event.venue.url).toBe(`${SITE}/zh-hant/venue/blue-note-hall/`)
      expect(event.rest_url).toBe(`${SITE}${NS}/events/${id}`)
    }
    const jazz = JSON.parse(
      (await raw(`/zh-hant${NS}/categories/${calendar.categories.jazz.id}`, {})).text,
    )
    expect(jazz.url).toBe(`${SITE}/zh-hant/events/category/music/jazz/`)
    const english = JSON.parse((await raw(`${NS}/events/${id}?ml_language=en`, {})).text)
    expect(english.url).toBe(`${SITE}/event/jazz-night/`)
  })

  test('global_id: an event keeps host?id=N; venues and organizers add their type', async () => {
    const { jazzNight } = calendar.events
    const event = (await server.request(`${NS}/events/${jazzNight.id}`)).body
    expect([event.global_id, event.global_id_lineage]).toEqual([
      `localhost?id=${jazzNight.id}`,
      [`localhost?id=${jazzNight.id}`],
    ])
    expect(event.venue.global_id).toBe(`localhost?id=${calendar.venues.hall.id}&type=venue`)
    expect(event.organizer[0].global_id).toBe(
      `localhost?id=${calendar.organizers.alice.id}&type=organizer`,
    )
    const venue = (await server.request(`${NS}/venues/${calendar.venues.hall.id}`)).body
    expect(venue.global_id_lineage).toEqual([`localhost?id=${calendar.venues.hall.id}&type=venue`])
    const organizers = (await server.request(`${NS}/organizers`)).body.organizers
    expect(
      organizers.every(
        (organizer: { id: number; global_id: string }) =>
          organizer.global_id === `localhost?id=${organizer.id}&type=organizer`,
      ),
    ).toBe(true)
  })

  test('without serverURL the start-up log names the address used', () => {
    const lines: string[] = []
    const logger = {
      info: (line: string) => lines.push(line),
      warn: (line: string) => lines.push(line),
    }
    reportSiteURL({ config: { serverURL: '' }, logger } as never, { trustProxy: false })
    expect(lines).toEqual([expect.stringContaining(`name ${SITE}`)])
    reportSiteURL({ config: { serverURL: 'https://events.example' }, logger } as never, {
      trustProxy: false,
    })
    expect(lines).toHaveLength(1)
  })
})

describe("the original's paths are off by default", () => {
  test.each([['/wp-json/tribe/events/v1/events'], ['/?rest_route=/tribe/events/v1/events']])(
    '%s',
    async (path) => {
      const answer = await server.request(path)
      expect(answer.status).toBe(404)
      expect(answer.body).not.toHaveProperty('events')
    },
  )
})
