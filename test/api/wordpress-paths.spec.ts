/**
 * With `wordpressPaths` the namespace also answers at the original's paths
 * (docs/api.md#addresses-browsers-and-the-originals-paths), so a client that builds
 * `{site}/wp-json/tribe/events/v1/...` or `{site}/?rest_route=/tribe/events/v1/...` works after a DNS change alone;
 * the Next.js proxy passes those paths to the API. Behind a trusted proxy (`trustProxy`), URLs name the address
 * its `X-Forwarded-Host`/`-Proto` report (the same section, "Absolute URLs"). The host sets no `serverURL`.
 */
import { NextRequest } from 'next/server.js'

import { calendarProxy } from '../../src/exports/next.js'
import { createCalendar } from '../helpers/calendar.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'
const WP = '/wp-json/tribe/events/v1'

let server: TestServer
let admin: string
let calendar: Awaited<ReturnType<typeof createCalendar>>

beforeAll(async () => {
  server = await startTestServer({ wordpressPaths: true, trustProxy: true }, { serverURL: '' })
  admin = await registerFirstUser(server)
  calendar = await createCalendar(server.payload)
})
afterAll(() => server?.stop())

describe("the original's paths", () => {
  test.each([
    ['/events?per_page=2', `${WP}/events?per_page=2`],
    ['/events?per_page=2', `/?rest_route=/tribe/events/v1/events&per_page=2`],
    ['/events?per_page=2', `/index.php?per_page=2&rest_route=%2Ftribe%2Fevents%2Fv1%2Fevents`],
    ['/venues', `${WP}/venues/`],
    ['/categories?per_page=1&page=2', `/?rest_route=/tribe/events/v1/categories&per_page=1&page=2`],
    ['', WP],
    ['', '/?rest_route=/tribe/events/v1'],
    ['/doc', `${WP}/doc`],
  ])('%s as %s', async (ours, original) => {
    const [expected, answer] = [
      await server.request(`${NS}${ours}`),
      await server.request(original),
    ]
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual(expected.body)
    expect(answer.headers.get('x-tec-total')).toBe(expected.headers.get('x-tec-total'))
  })

  test('single records, by id and by slug, in a language', async () => {
    const id = calendar.events.jazzNight.id
    const byId = await server.request(`${WP}/events/${id}?ml_language=zh-hant`)
    expect([byId.status, byId.body.title]).toEqual([200, '爵士之夜'])
    const bySlug = await server.request(`/?rest_route=/tribe/events/v1/events/by-slug/jazz-night`)
    expect([bySlug.status, bySlug.body.id]).toEqual([200, id])
  })

  test('errors, writes and preflights are the namespace’s own', async () => {
    expect((await server.request(`${WP}/events/abc`)).body.code).toBe('rest_no_route')
    expect((await server.request(`${WP}/events/999999`)).body.code).toBe('rest-event-not-found')
    const anonymous = await server.request(`${WP}/venues`, { body: { venue: 'Nowhere' } })
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'rest_forbidden'])
    const created = await server.request(`/?rest_route=/tribe/events/v1/venues`, {
      body: { venue: 'Original Path Hall' },
      token: admin,
    })
    expect([created.status, created.body.venue]).toEqual([201, 'Original Path Hall'])
    const preflight = await server.request(`${WP}/events`, {
      method: 'OPTIONS',
      headers: { origin: 'http://widget.example', 'access-control-request-method': 'POST' },
    })
    expect([preflight.status, preflight.headers.get('access-control-allow-methods')]).toEqual([
      204,
      'GET, POST, OPTIONS',
    ])
  })

  test('other WordPress namespaces are not served', async () => {
    expect((await server.request('/wp-json/wp/v2/posts')).status).toBe(404)
    expect((await server.request('/?rest_route=/wp/v2/posts')).status).toBe(404)
    expect((await server.request('/wp-json/tribe/events/v10/events')).status).toBe(404)
  })

  test("URLs in the answers are the namespace's own", async () => {
    const list = await server.request(`${WP}/events?per_page=1`)
    expect(list.body.rest_url).toMatch(
      /^http:\/\/localhost:3000\/api\/calendar\/events\/v1\/events\//,
    )
  })
})

describe('the Next.js proxy', () => {
  const rewrite = (url: string) =>
    calendarProxy(new NextRequest(url)).headers.get('x-middleware-rewrite')

  test("passes the original's paths to the API", () => {
    expect(rewrite(`http://site.example${WP}/events/5?per_page=2`)).toBe(
      `http://site.example/api${WP}/events/5?per_page=2`,
    )
    expect(
      rewrite('http://site.example/?rest_route=/tribe/events/v1/events/by-slug/%E4%B8%AD&page=2'),
    ).toBe(`http://site.example/api${WP}/events/by-slug/%E4%B8%AD?page=2`)
    expect(rewrite('http://site.example/?rest_route=/wp/v2/posts')).toBeNull()
    expect(rewrite('http://site.example/about')).toBeNull()
  })
})

describe('behind a trusted proxy', () => {
  const restUrl = async (headers: Record<string, string>) =>
    (await server.request(`${NS}/events?per_page=1`, { headers })).body.rest_url as string

  test('URLs name the address the proxy reports, each its own even from the response cache', async () => {
    const forwarded = { 'x-forwarded-host': 'events.example', 'x-forwarded-proto': 'https' }
    for (let round = 0; round < 2; round++) {
      expect(await restUrl(forwarded)).toMatch(
        /^https:\/\/events\.example\/api\/calendar\/events\/v1\/events\//,
      )
      expect(await restUrl({ 'x-forwarded-host': 'other.example:8443' })).toMatch(
        /^http:\/\/other\.example:8443\/api\//,
      )
      expect(await restUrl({})).toMatch(/^http:\/\/localhost:3000\/api\//)
    }
  })

  test('a Location and a global_id name it too', async () => {
    const created = await server.request(`${NS}/venues`, {
      body: { venue: 'Proxied Hall' },
      token: admin,
      headers: { 'x-forwarded-host': 'events.example', 'x-forwarded-proto': 'https' },
    })
    expect(created.headers.get('location')).toMatch(
      /^https:\/\/events\.example\/api\/calendar\/events\/v1\/venues\/\d+$/,
    )
    expect(created.body.global_id).toBe(`events.example?id=${created.body.id}&type=venue`)
  })

  test('a forwarded host that is not a host name is ignored', async () => {
    for (const host of ['evil.example/path', 'evil.example@x', 'a b', '']) {
      expect(await restUrl({ 'x-forwarded-host': host })).toMatch(/^http:\/\/localhost:3000\/api\//)
    }
  })
})
