import { createCalendar } from '../helpers/calendar.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'

let server: TestServer
let admin: string
let calendar: Awaited<ReturnType<typeof createCalendar>>

beforeAll(async () => {
  server = await startTestServer({ timezone: 'America/New_York' })
  admin = await registerFirstUser(server)
  calendar = await createCalendar(server.payload)
})
afterAll(() => server?.stop())

const get = (path: string, token?: string) => server.request(`${NS}${path}`, { token })

describe('venues and organizers', () => {
  test('list published records, newest first, in the original envelope', async () => {
    const { body, headers } = await get('/venues')
    expect(Object.keys(body)).toEqual(['venues', 'rest_url', 'total', 'total_pages'])
    expect(body.venues.map((venue: { venue: string }) => venue.venue)).toEqual([
      'Riverside Park',
      'Blue Note Hall',
    ])
    expect(body.rest_url).toMatch(/\/venues\/\?page=1&per_page=10&status=publish$/)
    expect(headers.get('x-tec-total')).toBe('2')
    expect((await get('/venues', admin)).body.total).toBe(3)
    const organizers = (await get('/organizers')).body
    expect(organizers.organizers.map((o: { organizer: string }) => o.organizer)).toEqual([
      'Bob Presents',
      'Alice Events',
    ])
  })

  test('filter by search, event, has_events and only_with_upcoming', async () => {
    expect(
      (await get('/venues?search=10012')).body.venues.map((v: { venue: string }) => v.venue),
    ).toEqual(['Blue Note Hall'])
    expect((await get('/venues?search=nowhere')).body).toMatchObject({
      venues: [],
      total: 0,
      total_pages: 0,
    })
    expect((await get('/organizers?search=example.org')).body.organizers[0].organizer).toBe(
      'Bob Presents',
    )
    const ofEvent = await get(`/organizers?event=${calendar.events.jazzNight.id}`)
    expect(ofEvent.body.total).toBe(2)
    expect((await get('/organizers?event=999999')).body.data.params).toEqual({
      event: 'Invalid parameter.',
    })
    expect((await get('/venues?has_events=true')).body.total).toBe(2)
    expect(
      (await get('/venues?has_events=false', admin)).body.venues.map(
        (v: { venue: string }) => v.venue,
      ),
    ).toEqual(['Secret Loft'])
    expect((await get('/venues?only_with_upcoming=true')).body.total).toBe(2)
  })

  test('single and by-slug, with the original errors', async () => {
    const { hall, draftVenue } = calendar.venues
    const single = await get(`/venues/${hall.id}`)
    expect(single.body).toMatchObject({
      id: hall.id,
      venue: 'Blue Note Hall',
      geo_lat: 40.7308,
      geo_lng: -74.0005,
    })
    expect(single.body.json_ld['@type']).toBe('Place')
    expect((await get('/venues/by-slug/blue-note-hall')).body.id).toBe(hall.id)
    expect((await get(`/venues/${draftVenue.id}`)).body).toEqual({
      code: 'venue-not-accessible',
      message: 'The requested venue is not accessible',
      data: { status: 403 },
    })
    expect((await get(`/venues/${draftVenue.id}`, admin)).status).toBe(200)
    expect((await get('/venues/999999')).body.data.params).toEqual({ id: 'Invalid parameter.' })
    expect((await get('/organizers/by-slug/nobody')).body.data.params).toEqual({
      slug: 'Invalid parameter.',
    })
    expect((await get('/venues?page=3')).body.code).toBe('venue-archive-page-not-found')
  })
})

describe('categories and tags', () => {
  const names = (body: { categories?: { name: string }[]; tags?: { name: string }[] }) =>
    (body.categories ?? body.tags ?? []).map((term) => term.name)

  test('hide empty terms by default, sorted by name, in the original envelope', async () => {
    const { body, headers } = await get('/categories')
    expect(Object.keys(body)).toEqual(['rest_url', 'total', 'total_pages', 'categories'])
    expect(names(body)).toEqual(['Jazz', 'Music', 'Sports'])
    expect(body.rest_url).toMatch(/\/categories\/$/)
    expect(headers.get('x-tec-total')).toBe('3')
    expect(names((await get('/categories?hide_empty=false')).body)).toEqual([
      'Jazz',
      'Music',
      'Sports',
      'Unused',
    ])
    const jazz = (await get('/categories')).body.categories[0]
    expect(jazz).toMatchObject({
      name: 'Jazz',
      slug: 'jazz',
      taxonomy: 'tribe_events_cat',
      parent: calendar.categories.music.id,
      count: 1,
    })
    expect(jazz.url).toMatch(/\/events\/category\/music\/jazz\/$/)
  })

  test('order, orderby, include, exclude, slug, parent, post and search', async () => {
    const { music, jazz, sports } = calendar.categories
    expect(names((await get('/categories?order=desc')).body)).toEqual(['Sports', 'Music', 'Jazz'])
    expect(names((await get('/categories?order=bogus')).body)).toEqual(['Sports', 'Music', 'Jazz'])
    expect(names((await get('/categories?orderby=id')).body)).toEqual(['Music', 'Jazz', 'Sports'])
    expect(names((await get('/categories?orderby=bogus')).body)).toEqual([
      'Jazz',
      'Music',
      'Sports',
    ])
    expect(names((await get(`/categories?include=${music.id},${sports.id}`)).body)).toEqual([
      'Music',
      'Sports',
    ])
    expect(names((await get(`/categories?exclude=${music.id}`)).body)).toEqual(['Jazz', 'Sports'])
    expect((await get('/categories?exclude=999999')).body.data.params).toEqual({
      exclude: 'Invalid parameter.',
    })
    expect(names((await get('/categories?slug=jazz')).body)).toEqual(['Jazz'])
    expect(names((await get(`/categories?parent=${music.id}`)).body)).toEqual(['Jazz'])
    expect((await get('/categories?parent=0')).status).toBe(400)
    expect(names((await get(`/categories?post=${calendar.events.jazzNight.id}`)).body)).toEqual([
      'Jazz',
    ])
    expect(names((await get(`/tags?event=${calendar.events.concert.id}`)).body)).toEqual([
      'family',
      'free',
    ])
    expect(names((await get('/categories?search=us')).body)).toEqual(['Music'])
    expect(jazz.id).toBeGreaterThan(0)
  })

  test('empty order and orderby are invalid; event wins over post; search matches the slug too', async () => {
    const { jazzNight, concert } = calendar.events
    for (const param of ['order', 'orderby']) {
      const { status, body } = await get(`/categories?${param}=`)
      expect([status, body.code, body.data.params]).toEqual([
        400,
        'rest_invalid_param',
        { [param]: 'Invalid parameter.' },
      ])
    }
    expect(names((await get(`/categories?post=${concert.id}&event=${jazzNight.id}`)).body)).toEqual(
      ['Jazz'],
    )
    expect(names((await get(`/categories?post=999999&event=${jazzNight.id}`)).body)).toEqual([
      'Jazz',
    ])
    expect((await get(`/categories?post=${jazzNight.id}&event=999999`)).body.data.params).toEqual({
      event: 'Invalid parameter.',
    })
    // 爵士樂 is Jazz in Traditional Chinese; its slug stays `jazz`
    expect(names((await get('/categories?search=jazz&ml_language=zh-hant')).body)).toEqual([
      '爵士樂',
    ])
    expect(names((await get('/categories?search=JAZ')).body)).toEqual(['Jazz'])
  })

  test('paginate with bare neighbour URLs and answer 200 past the end', async () => {
    const first = await get('/categories?per_page=2')
    expect(first.body.next_rest_url).toMatch(/\/categories\/\?page=2$/)
    const beyond = await get('/categories?page=5')
    expect(beyond.status).toBe(200)
    expect(beyond.body).toMatchObject({ categories: [], total: 3 })
  })

  test('single terms, and 400 for unknown ids', async () => {
    const tag = await get(`/tags/${calendar.tags.free.id}`)
    expect(tag.body).toMatchObject({ name: 'free', taxonomy: 'post_tag', count: 2 })
    expect(tag.body).not.toHaveProperty('parent')
    expect((await get('/categories/999999')).body.data.params).toEqual({ id: 'Invalid parameter.' })
    expect(
      (await get(`/categories/${calendar.categories.jazz.id}?ml_language=zh-hant`)).body.name,
    ).toBe('爵士樂')
  })
})

describe('the namespace index', () => {
  test('the index lists every route with its methods and arguments', async () => {
    const { body } = await get('')
    expect(body.namespace).toBe('calendar/events/v1')
    expect(Object.keys(body.routes)).toEqual([
      '/calendar/events/v1',
      '/calendar/events/v1/doc',
      '/calendar/events/v1/events',
      '/calendar/events/v1/events/(?P<id>\\d+)',
      '/calendar/events/v1/events/by-slug/(?P<slug>[^/]+)',
      '/calendar/events/v1/venues',
      '/calendar/events/v1/venues/(?P<id>\\d+)',
      '/calendar/events/v1/venues/by-slug/(?P<slug>[^/]+)',
      '/calendar/events/v1/organizers',
      '/calendar/events/v1/organizers/(?P<id>\\d+)',
      '/calendar/events/v1/organizers/by-slug/(?P<slug>[^/]+)',
      '/calendar/events/v1/categories',
      '/calendar/events/v1/categories/(?P<id>\\d+)',
      '/calendar/events/v1/tags',
      '/calendar/events/v1/tags/(?P<id>\\d+)',
    ])
    const events = body.routes['/calendar/events/v1/events'].endpoints[0].args
    expect(Object.keys(events)).toEqual(
      expect.arrayContaining([
        'page',
        'per_page',
        'start_date',
        'categories',
        'geoloc',
        'ticketed',
      ]),
    )
  })
})
