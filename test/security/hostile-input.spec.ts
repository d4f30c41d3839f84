import type { TestServer } from '../helpers/server.js'

import { DEFAULT_LOCALES } from '../../src/core/constants.js'
import { fuzz } from '../fuzz/campaign.js'
import {
  casesFor,
  type Fixture,
  fuzzTargets,
  notAnIdCases,
  notAnIdParams,
  strayCases,
} from '../fuzz/requests.js'
import { startFuzzServer } from '../fuzz/server.js'
import { databaseKind, describeOn } from '../helpers/database.js'

/**
 * The generated requests are split between the databases, each sending its share with a seed of its own: every route
 * and method meets every adapter, and the three together send 16 requests each (`FUZZ_RUNS` sets each database's
 * share; `npm run fuzz` runs a long campaign with the same generators).
 */
const SHARES = { sqlite: 6, postgres: 5, mongo: 5 } as const
const KIND = databaseKind().kind
const RUNS = Number(process.env.FUZZ_RUNS ?? SHARES[KIND])
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_707) + Object.keys(SHARES).indexOf(KIND)
/** What no database adapter takes part in (the HTTP layer's parsing and routing) is checked on SQLite alone. */
const describeBeforeTheDatabase = describeOn('sqlite', 'refused before any database is read')
const OPTIONS = { timezone: 'America/New_York' }
const NS = '/api/calendar/events/v1'

let server: TestServer
let editor: string
let fixture: Fixture
let started: Awaited<ReturnType<typeof startFuzzServer>>

beforeAll(async () => {
  started = await startFuzzServer(OPTIONS)
  server = started.server
  editor = started.ctx.tokens.editor as string
  fixture = started.fixture
})
afterAll(() => server?.stop())

const get = (path: string) => server.request(`${NS}${path}`)
const send = (method: string, path: string, body?: unknown, token = editor) =>
  server.request(`${NS}${path}`, { method, body, token })
const errorOf = ({ status, body }: { status: number; body: any }) => [
  status,
  body.code,
  Object.keys(body.data?.params ?? {}),
]
const eventCount = async () =>
  (await server.payload.count({ collection: 'events', trash: true })).totalDocs

describe('search matches % and _ literally, on every list', () => {
  const names = ['100% fun', '100 fun', 'a_b', 'axb', 'back\\slash']
  const matches = (list: { title?: string; venue?: string; organizer?: string; name?: string }[]) =>
    list.map((item) => item.title ?? item.venue ?? item.organizer ?? item.name).sort()

  beforeAll(async () => {
    for (const name of names) {
      const event = await send('POST', '/events', {
        title: name,
        start_date: '2027-03-05 20:00',
        end_date: '2027-03-05 22:00',
      })
      expect(event.status).toBe(201)
      expect((await send('POST', '/venues', { venue: name, status: 'publish' })).status).toBe(201)
      expect(
        (await send('POST', '/organizers', { organizer: name, status: 'publish' })).status,
      ).toBe(201)
      expect((await send('POST', '/categories', { name })).status).toBe(201)
      expect((await send('POST', '/tags', { name })).status).toBe(201)
    }
  })

  test.each([
    ['/events', 'events'],
    ['/venues', 'venues'],
    ['/organizers', 'organizers'],
    ['/categories', 'categories'],
    ['/tags', 'tags'],
  ])('%s', async (path, key) => {
    const search = async (text: string) =>
      matches((await get(`${path}?hide_empty=0&search=${encodeURIComponent(text)}`)).body[key])
    expect(await search('%')).toEqual(['100% fun'])
    expect(await search('_')).toEqual(['a_b'])
    expect(await search('100%')).toEqual(['100% fun'])
    expect(await search('a_b')).toEqual(['a_b'])
    expect(await search('\\')).toEqual(['back\\slash'])
    expect(await search('100 fun')).toEqual(['100 fun', '100% fun'])
  })

  test('slugs are compared as written: no wildcard, no pattern', async () => {
    expect((await get('/events/by-slug/jazz-night')).status).toBe(200)
    for (const slug of ['jazz%25', 'jazz_night', '%25', '_', 'jazz-nigh_']) {
      expect(errorOf(await get(`/events/by-slug/${slug}`))).toEqual([
        400,
        'rest_invalid_param',
        ['slug'],
      ])
    }
    expect((await get('/categories?slug=mus_c&hide_empty=0')).body.total).toBe(0)
    expect((await get('/categories?slug=music&hide_empty=0')).body.total).toBe(1)
  })
})

describe('hostile values are data, never code', () => {
  test('SQL and NoSQL injection strings are values: they match nothing or are invalid', async () => {
    const all = (await get('/events')).body.total
    expect((await get(`/events?search=${encodeURIComponent("' OR 1=1--")}`)).body.total).toBe(0)
    expect((await get(`/events?search=${encodeURIComponent('{"$gt":""}')}`)).body.total).toBe(0)
    expect(errorOf(await get(`/events?categories=${encodeURIComponent("' OR 1=1--")}`))).toEqual([
      400,
      'rest_invalid_param',
      ['categories'],
    ])
    expect(errorOf(await get('/events?venue[$ne]=1'))).toEqual([
      400,
      'rest_invalid_param',
      ['venue'],
    ])
    expect(errorOf(await get('/events?status[$ne]=draft'))).toEqual([
      400,
      'rest_invalid_param',
      ['status'],
    ])
    // Payload's own query parameters are not ours: they neither filter, widen nor translate what a caller sees.
    expect(
      (await get('/events?where[title][equals]=nothing&draft=true&trash=true&depth=9')).body.total,
    ).toBe(all)
    const titles = async (query: string) =>
      (await get(`/events?ml_language=zh-hans${query}`)).body.events.map(
        (e: { title: string }) => e.title,
      )
    expect(await titles('&locale=all&fallbackLocale=none&fallback-locale=zh-hant')).toEqual(
      await titles(''),
    )
  })

  test('ids no database can hold name no record', async () => {
    expect(errorOf(await get('/events/99999999999'))).toEqual([404, 'rest-event-not-found', []])
    expect(errorOf(await get('/venues/99999999999'))).toEqual([400, 'rest_invalid_param', ['id']])
    expect(errorOf(await get('/tags/99999999999'))).toEqual([400, 'rest_invalid_param', ['id']])
    expect(errorOf(await get('/events?venue=99999999999'))).toEqual([
      400,
      'rest_invalid_param',
      ['venue'],
    ])
    expect((await get('/events?include=99999999999')).body.total).toBe(0)
    const before = await eventCount()
    const written = await send('POST', '/events', {
      title: 'x',
      start_date: '2027-01-01',
      end_date: '2027-01-02',
      venue: 99999999999,
    })
    expect(errorOf(written)).toEqual([400, 'rest_invalid_param', ['venue']])
    expect(errorOf(await send('PATCH', '/events/99999999999', { title: 'x' }))).toEqual([
      404,
      'rest-event-not-found',
      [],
    ])
    expect(await eventCount()).toBe(before)
  })

  test('text with U+0000 is invalid, in the query, the path and the body', async () => {
    expect(errorOf(await get('/events?search=a%00b'))).toEqual([
      400,
      'rest_invalid_param',
      ['search'],
    ])
    expect(errorOf(await get('/venues/by-slug/a%00'))).toEqual([
      400,
      'rest_invalid_param',
      ['slug'],
    ])
    const before = await eventCount()
    const written = await send('POST', '/events', {
      title: 'a\u0000b',
      start_date: '2027-01-01',
      end_date: '2027-01-02',
    })
    expect(errorOf(written)).toEqual([400, 'rest_invalid_param', ['title']])
    expect(await eventCount()).toBe(before)
  })

  test('lone surrogates escaped in JSON are stored as U+FFFD, in plain and in rich text', async () => {
    // JSON.stringify writes a lone surrogate as the escape `\ud800`, which PostgreSQL refuses in JSON columns.
    const written = await send('POST', '/organizers', {
      organizer: 'Lone \ud800 surrogate',
      description: 'a\udfffb',
    })
    expect(written.status).toBe(201)
    expect(written.body.organizer).toBe('Lone \ufffd surrogate')
    expect(written.body.description).toBe('<p>a\ufffdb</p>')
  })

  test('a date the site zone pushes past year 9999 is invalid, not a crash', async () => {
    expect(errorOf(await get('/events?end_date=9999-12-31%2023:59:59'))).toEqual([
      400,
      'rest_invalid_param',
      ['end_date'],
    ])
    const written = await send('POST', '/events', {
      title: 'x',
      start_date: '2027-01-01',
      end_date: '9999-12-31 23:59:59',
    })
    expect(errorOf(written)).toEqual([400, 'rest_invalid_param', ['end_date']])
  })
})

describeBeforeTheDatabase('hostile requests are refused before any database is read', () => {
  test('broken percent-encoding: in the path an error in the error shape whatever the route, in the query a value like any other', async () => {
    for (const path of [
      '/events/by-slug/%E0%A4%A',
      '/venues/by-slug/%',
      '/organizers/by-slug/%C0%AF',
      '/events/by-slug/%ED%A0%80',
    ]) {
      const answer = await get(path)
      expect(errorOf(answer)).toEqual([400, 'rest_invalid_param', ['slug']])
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
    }
    // In the query, an escape that does not decode stays as written: a value like any other.
    expect((await get('/events?search=%E0%A4%A')).body.total).toBe(0)
    expect(errorOf(await get('/events?categories=%E0%A4%A'))).toEqual([
      400,
      'rest_invalid_param',
      ['categories'],
    ])
    expect(errorOf(await get('/events?ml_language=%zz'))).toEqual([
      400,
      'rest_invalid_param',
      ['ml_language'],
    ])
    expect(errorOf(await get('/events/%zz'))).toEqual([404, 'rest_no_route', []])
    expect(errorOf(await get('/%E0%A4%A/x'))).toEqual([404, 'rest_no_route', []])
    expect(errorOf(await send('DELETE', '/events/by-slug/%E0%A4%A', undefined, ''))).toEqual([
      401,
      'rest_forbidden',
      [],
    ])
  })

  test('every path and method under the namespace answers rest_no_route, also with empty segments', async () => {
    for (const [method, path] of [
      ['GET', '//events'],
      ['PUT', ''],
      ['GET', '/events//1'],
      ['PATCH', '/doc'],
      ['GET', '/events/1/x'],
    ]) {
      expect(errorOf(await send(method, path))).toEqual([404, 'rest_no_route', []])
    }
  })

  test('JSON nested deeper than any write needs is refused before it is walked', async () => {
    const before = await eventCount()
    for (const nested of [
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      `${'{"a":'.repeat(17)}1${'}'.repeat(17)}`,
    ]) {
      const rawBody = `{"title":"x","start_date":"2027-01-01","end_date":"2027-01-02","cost":${nested}}`
      const answer = await server.request(`${NS}/events`, {
        rawBody,
        token: editor,
        headers: { 'content-type': 'application/json' },
      })
      expect([answer.status, answer.body]).toEqual([
        400,
        {
          code: 'rest_invalid_json',
          message: 'The JSON body must not nest deeper than 16 levels.',
          data: { status: 400 },
        },
      ])
    }
    expect(await eventCount()).toBe(before)
  })

  test('an answer given before a large body is read leaves the connection usable for the next request', async () => {
    const body = JSON.stringify({ title: 'x'.repeat(1_500_000) })
    const refusals: [string, string, Record<string, string>][] = [
      ['anonymous', '/events', {}],
      ['query too long', `/events?q=${'a'.repeat(5000)}`, {}],
      ['body too large', '/events', { authorization: `JWT ${editor}` }],
    ]
    for (const [, path, headers] of refusals) {
      // Sequential requests from one client share its keep-alive connection.
      const refused = await fetch(`${server.url}${NS}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      })
      await refused.text()
      const next = await fetch(`${server.url}${NS}/events/by-slug/jazz-night`)
      expect([refused.status, next.status]).toEqual([
        path.includes('?') ? 414 : headers.authorization ? 413 : 401,
        200,
      ])
    }
  })

  test('generated requests to unknown paths and methods', async () => {
    const report = await fuzz(started.ctx, 'stray', strayCases(), { runs: 32, seed: SEED })
    expect(report.failure).toBeUndefined()
  })
})

describe(`${RUNS} generated hostile requests per route and method: never a 5xx, errors in the error shape, refused writes change nothing`, () => {
  for (const target of fuzzTargets(OPTIONS, [...DEFAULT_LOCALES])) {
    test(target.name, async () => {
      const report = await fuzz(started.ctx, target.name, casesFor(target, fixture), {
        runs: RUNS,
        seed: SEED,
      })
      if (process.env.FUZZ_VERBOSE) console.log(target.name, report.statuses)
      expect(report.failure).toBeUndefined()
    })
  }
})

describe('generated writes with an id no column holds are refused, and change nothing', () => {
  const targets = fuzzTargets(OPTIONS, [...DEFAULT_LOCALES]).filter(
    (target) => notAnIdParams(target).length,
  )
  test.each(targets.map((target) => [target.name, target]))('%s', async (name, target) => {
    const report = await fuzz(started.ctx, `not-an-id ${name}`, notAnIdCases(target, fixture), {
      runs: RUNS,
      seed: SEED,
    })
    expect(report.failure).toBeUndefined()
    expect(Object.keys(report.statuses).filter((status) => Number(status) < 400)).toEqual([])
  })
})
