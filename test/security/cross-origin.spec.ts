/**
 * CORS (docs/api.md#addresses-browsers-and-the-originals-paths, "CORS"): pages on any site read the public calendar
 * (`*`, without credentials); only origins the
 * host lists in Payload's `cors`/`csrf` get their origin echoed with credentials; preflights answer 204 with the
 * methods of the route; a login cookie sent from an unlisted site counts for nothing. The host sets no `serverURL`
 * and no `csrf` (the development host's own list is left out): Payload itself then takes a login cookie from any
 * site.
 */
import { calendarRoutes } from '../../endpoints/index.js'
import { resolveOptions } from '../../src/core/options.js'
import { METHODS } from '../../src/rest/route.js'
import { createCalendar } from '../helpers/calendar.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'
const PARTNER = 'http://partner.example'
const STRANGER = 'http://widget.example'

let server: TestServer
let admin: string
let eventId: number

beforeAll(async () => {
  server = await startTestServer({}, { serverURL: '', cors: [PARTNER], csrf: [] })
  admin = await registerFirstUser(server)
  eventId = (await createCalendar(server.payload)).events.jazzNight.id
})
afterAll(() => server?.stop())

const corsOf = (headers: Headers) => ({
  origin: headers.get('access-control-allow-origin'),
  credentials: headers.get('access-control-allow-credentials'),
})

describe('simple requests', () => {
  test('an anonymous read from any site is allowed for everyone, without credentials', async () => {
    const answer = await server.request(`${NS}/events`, { headers: { origin: STRANGER } })
    expect(answer.status).toBe(200)
    expect(corsOf(answer.headers)).toEqual({ origin: '*', credentials: null })
    expect(answer.headers.get('vary')).toMatch(/\bOrigin\b/)
    expect(answer.headers.get('access-control-expose-headers')).toBe(
      'X-TEC-Total, X-TEC-TotalPages, Link',
    )
    expect(answer.headers.get('x-tec-total')).toBe(String(answer.body.total))
  })

  test('a listed origin is echoed with credentials', async () => {
    const answer = await server.request(`${NS}/events/${eventId}`, { headers: { origin: PARTNER } })
    expect(answer.status).toBe(200)
    expect(corsOf(answer.headers)).toEqual({ origin: PARTNER, credentials: 'true' })
    expect(answer.headers.get('vary')).toMatch(/\bOrigin\b/)
  })

  test('a request without Origin gets no CORS origin header', async () => {
    const answer = await server.request(`${NS}/events`)
    expect(corsOf(answer.headers)).toEqual({ origin: null, credentials: null })
  })

  test('errors, writes and the catch-all carry the CORS headers too', async () => {
    const cases = [
      await server.request(`${NS}/events/999999`, { headers: { origin: STRANGER } }),
      await server.request(`${NS}/no/such/route`, { headers: { origin: STRANGER } }),
      await server.request(`${NS}/events?page=-1`, { headers: { origin: STRANGER } }),
      await server.request(`${NS}/events`, { body: {}, headers: { origin: STRANGER } }),
      await server.request(`${NS}/events?x=${'a'.repeat(5000)}`, { headers: { origin: STRANGER } }),
    ]
    expect(
      cases.map((answer) => [answer.status, answer.headers.get('access-control-allow-origin')]),
    ).toEqual([
      [404, '*'],
      [404, '*'],
      [400, '*'],
      [401, '*'],
      [414, '*'],
    ])
  })

  test('a kept answer gets the CORS headers of each request, and 304s too', async () => {
    const path = `${NS}/venues?per_page=1`
    const first = await server.request(path, { headers: { origin: PARTNER } })
    const again = [
      await server.request(path, { headers: { origin: STRANGER } }),
      await server.request(path, { headers: { origin: PARTNER } }),
      await server.request(path),
      await server.request(path, {
        headers: { origin: STRANGER, 'if-none-match': first.headers.get('etag')! },
      }),
    ]
    expect(
      again.map((answer) => [answer.status, answer.headers.get('etag'), corsOf(answer.headers)]),
    ).toEqual([
      [200, first.headers.get('etag'), { origin: '*', credentials: null }],
      [200, first.headers.get('etag'), { origin: PARTNER, credentials: 'true' }],
      [200, first.headers.get('etag'), { origin: null, credentials: null }],
      [304, first.headers.get('etag'), { origin: '*', credentials: null }],
    ])
    expect(again.every((answer) => answer.headers.get('vary') === 'Origin, Authorization')).toBe(
      true,
    )
  })
})

describe('preflights', () => {
  const preflight = (path: string, origin: string, method = 'GET') =>
    server.request(path, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': method,
        'access-control-request-headers': 'authorization,content-type',
      },
    })

  test('every route answers 204 with its methods and the headers a request may carry', async () => {
    const routes = calendarRoutes(resolveOptions({}), ['en'])
    for (const route of routes) {
      const path = `${NS}${route.path.replace(':id(\\d+)', String(eventId)).replace(':slug', 'jazz-night')}`
      const answer = await preflight(path, STRANGER, 'POST')
      const methods = [...METHODS.filter((method) => route.methods[method]), 'OPTIONS'].join(', ')
      expect([path, answer.status, answer.headers.get('access-control-allow-methods')]).toEqual([
        path,
        204,
        methods,
      ])
      expect(answer.headers.get('access-control-allow-headers')).toMatch(
        /\bAuthorization\b.*\bContent-Type\b/,
      )
      expect(corsOf(answer.headers)).toEqual({ origin: '*', credentials: null })
      expect(answer.body).toBe('')
    }
  })

  test('the methods follow the route, and a listed origin is echoed with credentials', async () => {
    expect(
      (await preflight(`${NS}/events`, PARTNER)).headers.get('access-control-allow-methods'),
    ).toBe('GET, POST, OPTIONS')
    const single = await preflight(`${NS}/events/${eventId}`, PARTNER, 'DELETE')
    expect(single.headers.get('access-control-allow-methods')).toBe(
      'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    )
    expect(corsOf(single.headers)).toEqual({ origin: PARTNER, credentials: 'true' })
    expect(
      (await preflight(`${NS}/doc`, PARTNER)).headers.get('access-control-allow-methods'),
    ).toBe('GET, OPTIONS')
  })

  test('an unknown path is preflighted too, so a browser can read its rest_no_route', async () => {
    const answer = await preflight(`${NS}/no/such/route`, STRANGER)
    expect([answer.status, answer.headers.get('access-control-allow-origin')]).toEqual([204, '*'])
  })

  test('OPTIONS without Access-Control-Request-* still describes the route', async () => {
    const answer = await server.request(`${NS}/events`, {
      method: 'OPTIONS',
      headers: { origin: STRANGER },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.methods).toEqual(['GET', 'POST'])
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
  })
})

describe('login cookies from other sites', () => {
  const withCookie = (origin?: string) => ({
    cookie: `payload-token=${admin}`,
    ...(origin ? { origin } : {}),
  })

  test('a listed origin, the site itself and a client without Origin keep the login; an unlisted site does not', async () => {
    const allow = async (headers: Record<string, string>) =>
      (await server.request(`${NS}/events`, { headers })).headers.get('allow')
    expect(await allow(withCookie(PARTNER))).toBe('GET, POST')
    expect(await allow(withCookie(server.url))).toBe('GET, POST')
    expect(await allow(withCookie())).toBe('GET, POST')
    expect(await allow(withCookie(STRANGER))).toBe('GET')
  })

  test("an unlisted site's form post with the cookie is anonymous: 401, nothing written", async () => {
    const post = (origin: string) =>
      server.request(`${NS}/venues`, {
        method: 'POST',
        rawBody: 'venue=Forged+Hall',
        headers: { ...withCookie(origin), 'content-type': 'application/x-www-form-urlencoded' },
      })
    const forged = await post(STRANGER)
    expect([forged.status, forged.body.code]).toEqual([401, 'rest_forbidden'])
    expect((await server.request(`${NS}/venues?search=Forged`)).body.total).toBe(0)
    expect((await post(PARTNER)).status).toBe(201)
  })

  test('its OPTIONS description shows the methods of an anonymous caller', async () => {
    const options = await server.request(`${NS}/events`, {
      method: 'OPTIONS',
      headers: withCookie(STRANGER),
    })
    expect(options.headers.get('allow')).toBe('GET')
  })
})
