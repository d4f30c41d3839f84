import {
  MAX_BODY_BYTES,
  MAX_LIST_ITEMS,
  MAX_PER_PAGE,
  MAX_QUERY_LENGTH,
  MAX_SEARCH_LENGTH,
} from '../../src/core/constants.js'
import { resolveOptions } from '../../src/core/options.js'
import { createCalendar } from '../helpers/calendar.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'
const LIMITS = {
  maxBodyBytes: 2048,
  maxQueryLength: 300,
  maxSearchLength: 10,
  maxListItems: 3,
  maxPerPage: 5,
}

let server: TestServer
let admin: string
let calendar: Awaited<ReturnType<typeof createCalendar>>

beforeAll(async () => {
  server = await startTestServer({ timezone: 'America/New_York', ...LIMITS })
  admin = await registerFirstUser(server)
  calendar = await createCalendar(server.payload)
})
afterAll(() => server?.stop())

const get = (path: string, token?: string) => server.request(`${NS}${path}`, { token })
const counts = async () =>
  Promise.all(
    ['events', 'venues', 'organizers', 'event-categories', 'event-tags'].map(
      async (collection) =>
        (await server.payload.count({ collection: collection as 'events', trash: true })).totalDocs,
    ),
  )
const event = { title: 'Limits', start_date: '2027-03-05 20:00', end_date: '2027-03-05 22:00' }

test('the defaults, and limits that are not positive integers are refused at startup', () => {
  expect(resolveOptions({})).toMatchObject({
    maxBodyBytes: MAX_BODY_BYTES,
    maxQueryLength: MAX_QUERY_LENGTH,
    maxSearchLength: MAX_SEARCH_LENGTH,
    maxListItems: MAX_LIST_ITEMS,
    maxPerPage: MAX_PER_PAGE,
  })
  expect([
    MAX_BODY_BYTES,
    MAX_QUERY_LENGTH,
    MAX_SEARCH_LENGTH,
    MAX_LIST_ITEMS,
    MAX_PER_PAGE,
  ]).toEqual([1_048_576, 4096, 200, 100, 50])
  for (const name of ['maxBodyBytes', 'maxQueryLength', 'maxSearchLength', 'maxListItems']) {
    expect(() => resolveOptions({ [name]: 0 })).toThrow(`${name} must be a positive integer`)
    expect(() => resolveOptions({ [name]: 1.5 })).toThrow(`${name} must be a positive integer`)
  }
  expect(resolveOptions({ timezone: 'Asia/Kolkata' }).timezone).toBe('Asia/Kolkata')
  expect(() => resolveOptions({ timezone: 'Mars/Olympus' })).toThrow(
    'unknown time zone "Mars/Olympus"',
  )
})

describe('request body size', () => {
  test('a body over maxBodyBytes is 413, declared or streamed, and nothing is written', async () => {
    const before = await counts()
    const big = JSON.stringify({ ...event, excerpt: 'x'.repeat(LIMITS.maxBodyBytes) })
    const declared = await server.request(`${NS}/events`, {
      rawBody: big,
      token: admin,
      headers: { 'content-type': 'application/json' },
    })
    expect([declared.status, declared.body]).toEqual([
      413,
      {
        code: 'rest_request_too_large',
        message: 'The request body must not exceed 2048 bytes.',
        data: { status: 413 },
      },
    ])
    // Without a Content-Length the body is counted as it streams in.
    const streamed = await fetch(`${server.url}${NS}/events`, {
      method: 'POST',
      headers: { authorization: `JWT ${admin}`, 'content-type': 'application/json' },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit)
    expect([streamed.status, (await streamed.json()).code]).toEqual([413, 'rest_request_too_large'])
    expect(await counts()).toEqual(before)
  })

  test('a body at the limit is read', async () => {
    const body = JSON.stringify({ ...event, excerpt: '' })
    const padded = JSON.stringify({
      ...event,
      excerpt: 'x'.repeat(LIMITS.maxBodyBytes - body.length),
    })
    expect(Buffer.byteLength(padded)).toBe(LIMITS.maxBodyBytes)
    const written = await server.request(`${NS}/events`, {
      rawBody: padded,
      token: admin,
      headers: { 'content-type': 'application/json' },
    })
    expect(written.status).toBe(201)
  })
})

describe('query string length', () => {
  const longQuery = `search=${'a'.repeat(LIMITS.maxQueryLength)}`
  const tooLong = {
    code: 'rest_query_too_long',
    message: 'The query string must not exceed 300 characters.',
    data: { status: 414 },
  }

  test('a query string over maxQueryLength is 414 on every route, method and path, before permission', async () => {
    for (const [method, path] of [
      ['GET', '/events'],
      ['GET', `/events/${calendar.events.jazzNight.id}`],
      ['POST', '/events'],
      ['DELETE', '/venues/by-slug/blue-note-hall'],
      ['OPTIONS', '/events'],
      ['GET', '/no/such/route'],
    ]) {
      const answer = await server.request(`${NS}${path}?${longQuery}`, { method })
      expect([method, path, answer.status, answer.body]).toEqual([method, path, 414, tooLong])
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
    }
  })

  test('is counted as sent, percent-encoded, and a query at the limit is served', async () => {
    const start = `ml_language=en&x=${'%25'.repeat(90)}`
    const atLimit = start + 'a'.repeat(LIMITS.maxQueryLength - start.length)
    expect(atLimit).toHaveLength(LIMITS.maxQueryLength)
    expect((await get(`/events?${atLimit}`)).status).toBe(200)
    expect((await get(`/events?${atLimit}a`)).status).toBe(414)
  })
})

test('per_page is silently capped at maxPerPage', async () => {
  const { body, headers } = await get('/events?per_page=100')
  expect(body.events).toHaveLength(LIMITS.maxPerPage)
  expect(body.rest_url).toContain(`per_page=${LIMITS.maxPerPage}`)
  expect(Number(headers.get('x-tec-totalpages'))).toBe(Math.ceil(body.total / LIMITS.maxPerPage))
})

test('a search longer than maxSearchLength is 400 rest_invalid_param on every list', async () => {
  const message = 'search must be at most 10 characters long.'
  for (const list of ['events', 'venues', 'organizers', 'categories', 'tags']) {
    const refused = await get(`/${list}?search=${'x'.repeat(11)}`)
    expect([list, refused.status, refused.body.code, refused.body.data.params]).toEqual([
      list,
      400,
      'rest_invalid_param',
      { search: message },
    ])
    expect(refused.body.data.details.search).toEqual({
      code: 'rest_too_long',
      message,
      data: { param: 'search' },
    })
    // Characters, not bytes or UTF-16 units: ten emoji are ten characters.
    expect((await get(`/${list}?search=${encodeURIComponent('🎉'.repeat(10))}`)).status).toBe(200)
  }
})

describe('list parameters hold at most maxListItems items', () => {
  const tooMany = (name: string) => ({ [name]: `${name} must contain at most 3 items.` })

  test('in list filters, comma-separated or repeated', async () => {
    const { music, jazz, sports, unused } = calendar.categories
    const four = [music.id, jazz.id, sports.id, unused.id]
    for (const [path, name] of [
      [`/events?categories=${four.join(',')}`, 'categories'],
      [`/events?tags=a,b,c,d`, 'tags'],
      [`/events?${four.map((id) => `venue[]=${id}`).join('&')}`, 'venue'],
      ['/events?organizer=1,2,3,4', 'organizer'],
      ['/events?include=1,2,3,4', 'include'],
      ['/categories?exclude=1,2,3,4', 'exclude'],
      ['/tags?include=1,2,3,4', 'include'],
      ['/tags?slug=a,b,c,d', 'slug'],
    ]) {
      const refused = await get(path)
      expect([path, refused.status, refused.body.data?.params]).toEqual([path, 400, tooMany(name)])
      expect(refused.body.data.details[name].code).toBe('rest_too_many_items')
    }
    expect((await get(`/events?categories=${four.slice(0, 3).join(',')}`)).status).toBe(200)
  })

  test('in event writes, and nothing is written', async () => {
    const before = await counts()
    for (const [name, value] of [
      ['categories', ['a', 'b', 'c', 'd']],
      ['tags', 'a,b,c,d'],
      [
        'organizer',
        [{ organizer: 'A' }, { organizer: 'B' }, { organizer: 'C' }, { organizer: 'D' }],
      ],
      ['venue', [1, 2, 3, 4]],
    ] as const) {
      const refused = await server.request(`${NS}/events`, {
        body: { ...event, [name]: value },
        token: admin,
      })
      expect([name, refused.status, refused.body.data?.params]).toEqual([name, 400, tooMany(name)])
    }
    expect(await counts()).toEqual(before)
  })
})

test('the index, OPTIONS and /doc document every limit with the parameter it applies to', async () => {
  const { body } = await server.request(`${NS}/events`, { method: 'OPTIONS' })
  const args = body.endpoints[0].args
  expect(args.search.maxLength).toBe(LIMITS.maxSearchLength)
  expect(args.categories.maxItems).toBe(LIMITS.maxListItems)
  const doc = (await get('/doc')).body
  const parameters = doc.paths['/events'].get.parameters as {
    name: string
    schema: Record<string, unknown>
  }[]
  expect(parameters.find((parameter) => parameter.name === 'search')!.schema.maxLength).toBe(
    LIMITS.maxSearchLength,
  )
  expect(parameters.find((parameter) => parameter.name === 'include')!.schema.maxItems).toBe(
    LIMITS.maxListItems,
  )
})
