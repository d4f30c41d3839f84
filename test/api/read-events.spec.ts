import { formatInTimeZone } from 'date-fns-tz'

import { createCalendar, inDays } from '../helpers/calendar.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { createUser, registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'
const ZONE = 'America/New_York'

let server: TestServer
let admin: string
let subscriber: string
let calendar: Awaited<ReturnType<typeof createCalendar>>

beforeAll(async () => {
  server = await startTestServer({ timezone: ZONE })
  admin = await registerFirstUser(server)
  subscriber = (await createUser(server, admin, 'subscriber@example.test', 'subscriber')).token
  calendar = await createCalendar(server.payload)
})
afterAll(() => server?.stop())

const get = (path: string, token?: string) => server.request(`${NS}${path}`, { token })
const titles = (body: { events: { title: string }[] }) => body.events.map((event) => event.title)
const today = () => formatInTimeZone(new Date(), ZONE, 'yyyy-MM-dd')

describe('GET /events', () => {
  test('lists published, listed, upcoming events by start, in the original envelope', async () => {
    const { status, body, headers } = await get('/events')
    expect(status).toBe(200)
    expect(Object.keys(body)).toEqual(['events', 'rest_url', 'total', 'total_pages'])
    expect(titles(body)).toEqual([
      'Jazz Night',
      'Jazz Night Encore',
      'Morning Run',
      'Members Only Jam',
      'Symphony Concert',
    ])
    expect(body.total).toBe(5)
    expect(body.total_pages).toBe(1)
    expect(headers.get('x-tec-total')).toBe('5')
    expect(headers.get('x-tec-totalpages')).toBe('1')
    expect(headers.get('allow')).toBe('GET')
    expect(headers.get('access-control-expose-headers')).toBe('X-TEC-Total, X-TEC-TotalPages, Link')
    expect(headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10')
    expect(headers.get('etag')).toMatch(/^"[\w-]+"$/)
    expect(body.rest_url).toMatch(
      new RegExp(
        `/api/calendar/events/v1/events/\\?page=1&per_page=10&start_date=${today()} 00:00:00&end_date=\\d{4}-\\d\\d-\\d\\d 23:59:59&status=publish$`,
      ),
    )
    expect(body.events[0]).toMatchObject({
      id: calendar.events.jazzNight.id,
      featured: true,
      cost: '$10',
    })
    expect(body.events[0].json_ld).toBeUndefined()
  })

  test('shows every state but trash to editors, who may ask for any status', async () => {
    const { body, headers } = await get('/events', admin)
    expect(titles(body)).toEqual(
      expect.arrayContaining(['Draft Planning Meeting', 'Pending Review Party', 'Private Dinner']),
    )
    expect(titles(body)).not.toContain('Cancelled Show')
    expect(body.rest_url).toContain('&status=any')
    expect(headers.get('cache-control')).toBe(
      'no-cache, must-revalidate, max-age=0, no-store, private',
    )
    expect(titles((await get('/events?status=trash', admin)).body)).toEqual(['Cancelled Show'])
    expect(titles((await get('/events?status=draft,pending', admin)).body)).toEqual([
      'Draft Planning Meeting',
      'Pending Review Party',
    ])
  })

  test('answers 400 to anonymous callers and subscribers asking for another status', async () => {
    for (const token of [undefined, subscriber]) {
      const { status, body } = await get('/events?status=draft', token)
      expect(status).toBe(400)
      expect(body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): status',
        data: { status: 400, params: { status: 'Invalid parameter.' }, details: [] },
      })
    }
    expect((await get('/events?status=publish')).status).toBe(200)
    expect((await get('/events?status=any', admin)).status).toBe(400)
  })

  test('paginates with per_page, silently capped, and links to the neighbours', async () => {
    const first = await get('/events?per_page=2')
    expect(first.body.total_pages).toBe(3)
    expect(Object.keys(first.body)).toEqual([
      'events',
      'rest_url',
      'next_rest_url',
      'total',
      'total_pages',
    ])
    expect(first.body.next_rest_url).toMatch(
      /\/events\/\?per_page=2&start_date=[^&]+%3A00%3A00&end_date=[^&]+&status=publish&page=2$/,
    )
    expect(first.headers.get('link')).toBe(`<${first.body.next_rest_url}>; rel="next"`)
    const second = await get('/events?per_page=2&page=2')
    expect(second.body.previous_rest_url).toMatch(/status=publish$/)
    expect(second.body.next_rest_url).toMatch(/&page=3$/)
    expect(titles(second.body)).toEqual(['Morning Run', 'Members Only Jam'])
    const capped = await get('/events?per_page=1000')
    expect(capped.body.rest_url).toContain('per_page=50')
  })

  test('rejects bad page sizes and pages past the end with the original errors', async () => {
    for (const value of ['0', '-1', 'abc', '1.5', '']) {
      const { status, body } = await get(`/events?per_page=${value}`)
      expect(status).toBe(400)
      expect(body.data.params).toEqual({ per_page: 'Invalid parameter.' })
    }
    const beyond = await get('/events?page=2')
    expect(beyond.status).toBe(404)
    expect(beyond.body).toEqual({
      code: 'event-archive-page-not-found',
      message: 'The requested event archive page does not exist',
      data: { status: 404 },
    })
    expect((await get('/events?page=0')).body.data.params).toEqual({ page: 'Invalid parameter.' })
    const empty = await get('/events?search=zzzqqq')
    expect(empty.body).toMatchObject({ events: [], total: 0, total_pages: 0 })
  })

  test('filters by date window, inclusive by default and exact with strict_dates', async () => {
    // The run's own day in New York, whatever the time of day the suite runs at.
    const day = formatInTimeZone(inDays(5), ZONE, 'yyyy-MM-dd')
    const { body } = await get(`/events?start_date=${day}&end_date=${day}`)
    expect(titles(body)).toEqual(['Morning Run'])
    expect(body.rest_url).toContain(`start_date=${day} 00:00:00&end_date=${day} 23:59:59`)
    const past = await get('/events?start_date=2000-01-01')
    expect(titles(past.body)).toEqual(
      expect.arrayContaining(['Past Lecture', 'Ongoing Exhibition']),
    )
    expect(titles(past.body)).not.toContain('Far Future Gala')
    const strict = await get(
      `/events?start_date=${encodeURIComponent(new Date(Date.now() + 4 * 864e5).toISOString())}&strict_dates=true`,
    )
    expect(titles(strict.body)[0]).toBe('Morning Run')
    const before = await get(`/events?ends_before=${day}`)
    expect(before.body.rest_url).not.toContain('start_date')
    expect(titles(before.body)).toEqual(expect.arrayContaining(['Past Lecture', 'Jazz Night']))
    const garbage = await get('/events?starts_after=xyz')
    expect(garbage.body.data.params).toEqual({ starts_after: 'Invalid parameter.' })
  })

  test('searches title, excerpt and description in any language', async () => {
    expect(titles((await get('/events?search=jazz')).body)).toEqual([
      'Jazz Night',
      'Jazz Night Encore',
    ])
    expect(titles((await get('/events?search=house%20band')).body)).toEqual(['Jazz Night'])
    expect(titles((await get('/events?search=%E7%88%B5%E5%A3%AB')).body)).toEqual(['Jazz Night'])
    expect((await get('/events?search=')).body.data.params).toEqual({
      search: 'Invalid parameter.',
    })
  })

  test('filters by categories (with their children) and tags, by id or slug, any of them', async () => {
    const { music, jazz, sports } = calendar.categories
    expect(titles((await get('/events?categories=music')).body)).toEqual([
      'Jazz Night',
      'Symphony Concert',
    ])
    expect(titles((await get(`/events?categories=${jazz.id}`)).body)).toEqual(['Jazz Night'])
    expect(
      titles((await get(`/events?categories[]=${sports.id}&categories[]=music`)).body),
    ).toEqual(['Jazz Night', 'Morning Run', 'Symphony Concert'])
    expect(titles((await get('/events?tags=free,family')).body)).toEqual([
      'Jazz Night',
      'Morning Run',
      'Symphony Concert',
    ])
    expect(titles((await get(`/events?categories=${music.id}&tags=family`)).body)).toEqual([
      'Symphony Concert',
    ])
    expect((await get('/events?categories=no-such-cat')).body.data.params).toEqual({
      categories: 'Invalid parameter.',
    })
    expect((await get('/events?tags=999999')).body.data.params).toEqual({
      tags: 'Invalid parameter.',
    })
  })

  test('filters by venue, organizer, featured, ticketed and parent', async () => {
    const { hall, draftVenue } = calendar.venues
    const venue = await get(`/events?venue=${hall.id}`)
    expect(titles(venue.body)).toEqual(['Jazz Night', 'Members Only Jam'])
    expect(venue.body.rest_url).toContain(`status=publish&venue=${hall.id}`)
    expect(venue.body.rest_url).toContain('start_date=') // form-encoded as a whole
    expect(venue.body.rest_url).toContain('%3A')
    expect((await get(`/events?venue=${draftVenue.id}`)).status).toBe(400)
    expect(titles((await get(`/events?organizer=${calendar.organizers.bob.id}`)).body)).toEqual([
      'Jazz Night',
      'Symphony Concert',
    ])
    expect(titles((await get('/events?featured=true')).body)).toEqual(['Jazz Night'])
    expect((await get('/events?featured=false')).body.total).toBe(4)
    expect((await get('/events?featured=maybe')).status).toBe(400)
    expect(titles((await get('/events?ticketed=1')).body)).toEqual(['Morning Run'])
    expect(titles((await get(`/events?post_parent=${calendar.events.jazzNight.id}`)).body)).toEqual(
      ['Jazz Night Encore'],
    )
    expect((await get('/events?post_parent=999999')).body.data.params).toEqual({
      post_parent: 'Invalid parameter.',
    })
  })

  test('include lists those events whatever their dates, never hidden ones', async () => {
    const { past, jazzNight, hidden } = calendar.events
    const { body } = await get(
      `/events?include=${past.id},${jazzNight.id},${hidden.id}&start_date=2099-01-01`,
    )
    expect(titles(body).sort()).toEqual(['Jazz Night', 'Past Lecture'])
    expect(body.rest_url).toContain(`&include=${past.id},${jazzNight.id},${hidden.id}`)
    expect((await get('/events?include=abc')).body.data.params).toEqual({
      include: 'Invalid parameter.',
    })
  })

  test('geoloc keeps events at venues with coordinates, or within the radius of a point', async () => {
    expect(titles((await get('/events?geoloc=true')).body)).toEqual([
      'Jazz Night',
      'Members Only Jam',
    ])
    expect(titles((await get('/events?geoloc_lat=40.73&geoloc_lng=-74.0')).body)).toEqual([
      'Jazz Night',
      'Members Only Jam',
    ])
    expect((await get('/events?geoloc_lat=51.5&geoloc_lng=-0.12')).body.total).toBe(0)
    expect((await get('/events?geoloc_lat=40.73')).body.data.params).toEqual({
      geoloc_lng: 'Invalid parameter.',
    })
  })

  test('password-protected events are listed blanked unless the password is given', async () => {
    const blanked = (await get('/events?venue=' + calendar.venues.hall.id)).body.events[1]
    expect(blanked).toMatchObject({
      title: 'Members Only Jam',
      excerpt: '',
      cost: '',
      venue: [],
      featured: null,
    })
    const open = (await get(`/events?venue=${calendar.venues.hall.id}&password=opensesame`)).body
      .events[1]
    expect(open).toMatchObject({ excerpt: '<p>Only for members</p>', cost: '$5' })
  })

  test("Payload's own REST shows a password-protected event's content only to those who may edit it", async () => {
    const path = `/api/events/${server.payloadId(calendar.events.secret.id)}?depth=0`
    for (const token of [undefined, subscriber]) {
      const { body, status } = await server.request(path, { token })
      expect(status).toBe(200)
      expect(body).toMatchObject({ title: 'Members Only Jam', passwordProtected: true })
      for (const field of ['excerpt', 'cost', 'venue', 'passwordHash', 'searchText'])
        expect(body).not.toHaveProperty(field)
    }
    const { body } = await server.request(path, { token: admin })
    expect(body).toMatchObject({
      excerpt: 'Only for members',
      cost: '$5',
      venue: [server.payloadId(calendar.venues.hall.id)],
    })
  })
})

describe('GET /events/<id> and /events/by-slug/<slug>', () => {
  test('returns the event with json_ld', async () => {
    const { status, body, headers } = await get(`/events/${calendar.events.jazzNight.id}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      id: calendar.events.jazzNight.id,
      title: 'Jazz Night',
      slug: 'jazz-night',
    })
    expect(body.json_ld['@type']).toBe('Event')
    expect(body.organizer.map((o: { organizer: string }) => o.organizer)).toEqual([
      'Alice Events',
      'Bob Presents',
    ])
    expect(body.venue.venue).toBe('Blue Note Hall')
    expect(headers.get('allow')).toBe('GET')
    expect((await get('/events/by-slug/jazz-night')).body.id).toBe(calendar.events.jazzNight.id)
    expect((await get('/events/')).status).toBe(200)
    expect((await get('/events?no_such_param=1&_fields=x')).body.total).toBe(5)
  })

  test('answers the original errors for missing, hidden, trashed and protected events', async () => {
    expect((await get('/events/999999')).body).toEqual({
      code: 'rest-event-not-found',
      message: 'Event with ID 999999 does not exist.',
      data: { status: 404 },
    })
    expect((await get('/events/0')).status).toBe(404)
    const draft = await get(`/events/${calendar.events.draft.id}`)
    expect([draft.status, draft.body.code]).toEqual([403, 'event-not-accessible'])
    expect((await get(`/events/${calendar.events.privateEvent.id}`, subscriber)).body.code).toBe(
      'event-not-accessible',
    )
    expect((await get(`/events/${calendar.events.draft.id}`, admin)).status).toBe(200)
    for (const token of [undefined, admin]) {
      const trashed = await get(`/events/${calendar.events.trashed.id}`, token)
      expect([trashed.status, trashed.body.code]).toEqual([403, 'event-no-longer-available'])
    }
    const secret = calendar.events.secret.id
    for (const token of [undefined, admin]) {
      expect((await get(`/events/${secret}`, token)).body.code).toBe('event-password-protected')
    }
    expect((await get(`/events/${secret}?password=wrong`)).status).toBe(403)
    expect((await get(`/events/${secret}?password=opensesame`)).body.cost).toBe('$5')
    expect((await get(`/events/${secret}?context=edit`, admin)).status).toBe(200)
    expect((await get(`/events/${secret}?context=edit`)).status).toBe(403)
  })

  test('by-slug answers 400 for unknown, draft and trashed slugs', async () => {
    for (const slug of [
      'no-such-event',
      calendar.events.draft.slug,
      calendar.events.trashed.slug,
    ]) {
      const { status, body } = await get(`/events/by-slug/${slug}`, admin)
      expect(status).toBe(400)
      expect(body.data.params).toEqual({ slug: 'Invalid parameter.' })
    }
  })

  test('non-numeric ids and unknown methods or paths are rest_no_route', async () => {
    for (const path of ['/events/abc', '/nothing-here', '/events/1/extra']) {
      expect((await get(path)).body).toEqual({
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      })
    }
    expect((await server.request(`${NS}/doc`, { method: 'DELETE' })).body.code).toBe(
      'rest_no_route',
    )
  })
})

describe('languages', () => {
  const id = () => calendar.events.jazzNight.id
  test('ml_language and the language prefix pick the locale; the parameter wins', async () => {
    expect((await get(`/events/${id()}?ml_language=zh-hant`)).body.title).toBe('爵士之夜')
    expect((await server.request(`/zh-hant${NS}/events/${id()}`)).body.title).toBe('爵士之夜')
    expect((await server.request(`/zh-hant${NS}/events/${id()}?ml_language=en`)).body.title).toBe(
      'Jazz Night',
    )
    const zhHant = (await get(`/events/${id()}?ml_language=zh-hant`)).body
    expect(zhHant.categories[0].name).toBe('爵士樂')
    const list = await server.request(`/zh-hant${NS}/events?search=jazz`)
    expect(list.body.events.map((event: { title: string }) => event.title)).toEqual([
      '爵士之夜',
      'Jazz Night Encore',
    ])
    expect((await server.request(`/fr${NS}/events`)).status).toBe(404)
  })

  test('untranslated fields fall back to the default locale; Simplified holds the Traditional title converted', async () => {
    const zhHans = (await get(`/events/${id()}?ml_language=zh-hans`)).body
    expect(zhHans.title).toBe('爵士之夜')
    expect(zhHans.description).toContain('live jazz')
  })

  test('an unknown language is a 400', async () => {
    const { status, body } = await get('/events?ml_language=fr')
    expect(status).toBe(400)
    expect(body.data.params).toEqual({ ml_language: 'Invalid parameter.' })
  })
})

describe('OPTIONS', () => {
  test('describes the route and its arguments', async () => {
    const { status, body } = await server.request(`${NS}/events`, { method: 'OPTIONS' })
    expect(status).toBe(200)
    expect(body.methods).toEqual(['GET', 'POST'])
    expect(body.endpoints[0].args.per_page).toMatchObject({
      type: 'integer',
      default: 10,
      required: false,
    })
    expect(body.endpoints[1]).toMatchObject({
      methods: ['POST'],
      args: { title: { type: 'string', required: true } },
    })
  })
})
