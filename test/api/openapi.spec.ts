import { Validator } from '@seriousme/openapi-schema-validator'

import { createCalendar } from '../helpers/calendar.js'
import { answerChecker } from '../helpers/openapi.js'
import { PNG } from '../helpers/png.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { createUser, registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'
const LIMITS = { maxBodyBytes: 4096, maxQueryLength: 1000 }
let server: TestServer
let admin: string
let subscriber: string
let calendar: Awaited<ReturnType<typeof createCalendar>>
/** The document as JSON, read loosely. */
let doc: any
let checker: ReturnType<typeof answerChecker>

beforeAll(async () => {
  server = await startTestServer({ timezone: 'America/New_York', ...LIMITS })
  admin = await registerFirstUser(server)
  subscriber = (await createUser(server, admin, 'subscriber@example.test', 'subscriber')).token
  calendar = await createCalendar(server.payload)
  doc = (await server.request(`${NS}/doc`)).body
  checker = answerChecker(doc)
})
afterAll(() => server?.stop())

type Init = {
  token?: string
  body?: unknown
  form?: string
  rawBody?: string
  headers?: Record<string, string>
}

/**
 * A request whose answer must be what `/doc` says: its status listed for the operation, its body valid against
 * that status's schema. Returns the answer for the test's own expectations.
 */
async function call(method: string, path: string, init: Init = {}) {
  const headers = {
    ...init.headers,
    ...(init.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
  }
  const answer = await server.request(`${NS}${path}`, {
    method,
    token: init.token,
    body: init.body,
    rawBody: init.form ?? init.rawBody,
    headers,
  })
  const verdict = checker.check(method, path, answer.status, answer.body)
  expect({
    request: `${method} ${path}`,
    status: answer.status,
    problems: verdict.problems,
  }).toEqual({
    request: `${method} ${path}`,
    status: answer.status,
    problems: [],
  })
  return answer
}

const operations = () =>
  Object.entries(doc.paths as Record<string, object>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      path,
      method: method.toUpperCase(),
      operation: operation as any,
    })),
  )

describe('the document', () => {
  test('is a valid OpenAPI 3.1 document of the same routes', async () => {
    expect(doc.openapi).toBe('3.1.0')
    const result = await new Validator().validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    const listParams = doc.paths['/events'].get.parameters.map(
      (param: { name: string }) => param.name,
    )
    expect(listParams).toEqual(
      expect.arrayContaining(['per_page', 'start_date', 'categories', 'password']),
    )
    expect(doc.paths['/events/{id}'].get.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
    })
    expect(new Set(operations().map(({ operation }) => operation.operationId)).size).toBe(
      operations().length,
    )
  })

  test('write routes take their fields as a JSON or form-encoded body, not as query parameters', () => {
    const writes = operations().filter(({ method }) => ['POST', 'PUT', 'PATCH'].includes(method))
    expect(writes.length).toBeGreaterThan(20)
    for (const { path, method, operation } of writes) {
      const content = operation.requestBody?.content ?? {}
      expect([path, method, Object.keys(content)]).toEqual([
        path,
        method,
        ['application/json', 'application/x-www-form-urlencoded'],
      ])
      expect(content['application/x-www-form-urlencoded'].schema).toEqual(
        content['application/json'].schema,
      )
      const query = operation.parameters
        .filter((param: { in: string }) => param.in === 'query')
        .map((param: { name: string }) => param.name)
      expect([path, method, query]).toEqual([path, method, ['ml_language']])
    }
    const createEvent = doc.paths['/events'].post.requestBody
    expect(createEvent.required).toBe(true)
    expect(createEvent.content['application/json'].schema.required).toEqual([
      'title',
      'start_date',
      'end_date',
    ])
    expect(createEvent.content['application/json'].schema.properties.venue.type).toEqual([
      'object',
      'integer',
      'string',
      'array',
    ])
    expect(createEvent.content['application/x-www-form-urlencoded'].encoding.venue).toEqual({
      style: 'deepObject',
      explode: true,
    })
    expect(doc.paths['/events/{id}'].patch.requestBody.required).toBe(false)
    for (const { operation } of operations().filter(({ method }) =>
      ['GET', 'DELETE', 'OPTIONS'].includes(method),
    )) {
      expect(operation.requestBody).toBeUndefined()
    }
  })

  test('each operation lists the statuses its handler answers', () => {
    const statuses = (path: string, method: string) =>
      Object.keys(doc.paths[path][method].responses)
    for (const path of ['/events', '/venues', '/organizers', '/categories', '/tags']) {
      expect([path, statuses(path, 'post')]).toEqual([
        path,
        expect.arrayContaining(['201', '401', '403', '413', '414', '415']),
      ])
      expect(statuses(path, 'post')).not.toContain('200')
    }
    for (const path of ['/events/{id}', '/venues/{id}', '/organizers/by-slug/{slug}']) {
      for (const method of ['post', 'put', 'patch', 'delete'])
        expect([path, method, statuses(path, method)]).toEqual([
          path,
          method,
          expect.arrayContaining(['200', '401', '403', '410', '413', '415']),
        ])
    }
    // Terms are deleted for good: a second delete is a 400, never a 410.
    expect(statuses('/categories/{id}', 'delete')).not.toContain('410')
    expect(statuses('/events/{id}', 'get')).toEqual(
      expect.arrayContaining(['200', '304', '400', '403', '404']),
    )
    expect(statuses('/venues/{id}', 'get')).not.toContain('404')
    expect(statuses('/tags', 'get')).not.toContain('403')
    for (const { operation } of operations()) expect(operation.responses).toHaveProperty('414')
  })
})

describe('our answers are what the document says', () => {
  test('reads of every route family, list and single, anonymous and signed in', async () => {
    const { events, venues, organizers, categories, tags } = calendar
    for (const token of [undefined, admin]) {
      await call('GET', '/', { token })
      await call('OPTIONS', '/events', { token })
      await call('OPTIONS', `/events/${events.jazzNight.id}`, { token })
      expect((await call('GET', '/events?per_page=2', { token })).body.next_rest_url).toBeDefined()
      expect(
        (await call('GET', '/events?per_page=2&page=2', { token })).body.previous_rest_url,
      ).toBeDefined()
      await call('GET', `/events?include=${events.secret.id},${events.jazzNight.id}`, { token })
      await call('GET', '/events?status=publish&geoloc=1', { token })
      const single = await call('GET', `/events/${events.jazzNight.id}`, { token })
      expect(single.body.json_ld.offers).toBeDefined()
      await call('GET', `/events/by-slug/${events.jazzNight.slug}`, { token })
      await call('GET', `/events/${events.secret.id}?password=opensesame`, { token })
      await call('GET', '/venues', { token })
      expect(
        (await call('GET', `/venues/${venues.hall.id}`, { token })).body.json_ld.geo,
      ).toBeDefined()
      await call('GET', `/venues/by-slug/${venues.park.slug}`, { token })
      await call('GET', '/organizers?per_page=1', { token })
      await call('GET', `/organizers/${organizers.alice.id}`, { token })
      await call('GET', '/categories?hide_empty=false&per_page=2', { token })
      expect((await call('GET', `/categories/${categories.jazz.id}`, { token })).body.parent).toBe(
        categories.music.id,
      )
      await call('GET', '/tags', { token })
      expect((await call('GET', `/tags/${tags.free.id}`, { token })).body).not.toHaveProperty(
        'parent',
      )
    }
  })

  test('the states an event can be in: protected, draft, trashed, with an image and several venues', async () => {
    const { events, venues } = calendar
    const blanked = (await call('GET', `/events?include=${events.secret.id}`)).body.events[0]
    expect([blanked.all_day, blanked.image]).toEqual([null, false])
    const draft = await call('GET', `/events/${events.draft.id}`, { token: admin })
    expect(draft.body.date_utc).toBe('0000-00-00 00:00:00')
    expect(
      (await call('GET', '/events?status=trash', { token: admin })).body.events[0].status,
    ).toBe('trash')
    const media = await server.payload.create({
      collection: 'media',
      data: {},
      file: { data: PNG, mimetype: 'image/png', name: 'doc.png', size: PNG.length },
    })
    const created = await call('POST', '/events', {
      token: admin,
      body: {
        title: 'Two stages',
        start_date: '2027-05-01 10:00',
        end_date: '2027-05-01 11:00',
        image: String(media.id),
        venue: [venues.hall.id, venues.park.id],
        organizer: [{ organizer: 'Stage Crew', email: 'crew@example.test' }],
        cost: '10 – 20',
      },
    })
    expect(created.body.image.id).toBe(media.id)
    expect(created.body.venue).toHaveLength(2)
    await call('GET', `/events/${created.body.id}`)
    const etag = (await call('GET', `/events/${created.body.id}`)).headers.get('etag')!
    expect(
      (await call('GET', `/events/${created.body.id}`, { headers: { 'if-none-match': etag } }))
        .status,
    ).toBe(304)
  })

  test('writes, as JSON and as forms', async () => {
    const event = await call('POST', '/events', {
      token: admin,
      form:
        'title=Form+event&start_date=2027-06-01+10:00&end_date=2027-06-01+12:00&categories[]=music' +
        '&venue[venue]=Form+Hall&venue[city]=Portland',
    })
    expect([event.status, event.body.venue.venue]).toEqual([201, 'Form Hall'])
    expect(
      (await call('PATCH', `/events/${event.body.id}`, { token: admin, body: { all_day: true } }))
        .body.all_day,
    ).toBe(true)
    await call('PUT', `/events/${event.body.id}`, { token: admin, form: 'featured=1' })
    expect((await call('DELETE', `/events/${event.body.id}`, { token: admin })).body.status).toBe(
      'trash',
    )
    expect((await call('DELETE', `/events/${event.body.id}`, { token: admin })).status).toBe(410)

    const venue = await call('POST', '/venues', {
      token: admin,
      body: { venue: 'Doc Venue', geo_lat: 1.5, geo_lng: 2.5 },
    })
    expect(venue.status).toBe(201)
    await call('POST', `/venues/${venue.body.id}`, { token: admin, form: 'city=Lisbon' })
    await call('DELETE', `/venues/${venue.body.id}`, { token: admin })
    expect(
      (await call('PATCH', `/venues/${venue.body.id}`, { token: admin, body: { city: 'Porto' } }))
        .status,
    ).toBe(410)
    const organizer = await call('POST', '/organizers', {
      token: admin,
      form: 'organizer=Doc+Organizer&phone=123',
    })
    await call('PATCH', `/organizers/by-slug/${organizer.body.slug}`, {
      token: admin,
      body: { email: 'doc@example.test' },
    })

    const category = await call('POST', '/categories', {
      token: admin,
      body: { name: 'Doc', parent: calendar.categories.music.id },
    })
    expect(category.status).toBe(201)
    await call('PUT', `/categories/${category.body.id}`, {
      token: admin,
      form: 'description=About',
    })
    const tag = await call('POST', '/tags', { token: admin, form: 'name=doc-tag' })
    await call('DELETE', `/tags/${tag.body.id}`, { token: admin })
    expect((await call('DELETE', `/tags/${tag.body.id}`, { token: admin })).status).toBe(400)
  })

  test('error bodies', async () => {
    const { events, venues } = calendar
    const codes = [
      await call('GET', '/events?page=0'),
      await call('GET', '/events?status=draft'),
      await call('GET', '/events?page=99'),
      await call('GET', '/events/999999'),
      await call('GET', '/events/by-slug/no-such-event'),
      await call('GET', `/events/${events.trashed.id}`),
      await call('GET', `/events/${events.secret.id}`),
      await call('GET', `/events/${events.draft.id}`),
      await call('GET', `/venues/${venues.draftVenue.id}`),
      await call('GET', '/organizers?page=5'),
      await call('GET', '/categories/999999'),
      await call('GET', `/events?search=${'x'.repeat(LIMITS.maxQueryLength)}`),
      await call('POST', '/events', { body: { title: 'Anonymous' } }),
      await call('POST', '/events', { token: subscriber, body: { title: 'Subscriber' } }),
      await call('POST', '/events', { token: admin, body: {} }),
      await call('POST', '/events', {
        token: admin,
        body: { title: 5, start_date: 'soon', end_date: '2027-01-01' },
      }),
      await call('POST', '/events', {
        token: admin,
        rawBody: '{',
        headers: { 'content-type': 'application/json' },
      }),
      await call('POST', '/events', {
        token: admin,
        rawBody: 'title=x',
        headers: { 'content-type': 'text/plain' },
      }),
      await call('POST', '/events', {
        token: admin,
        body: { title: 'x'.repeat(LIMITS.maxBodyBytes) },
      }),
      await call('PATCH', '/events/999999', { token: admin, body: { title: 'Nobody' } }),
      await call('POST', '/categories', { token: admin, body: { name: 'Music' } }),
      await call('DELETE', '/tags/999999', { token: admin }),
    ].map((answer) => [answer.status, answer.body.code])
    expect(codes).toEqual([
      [400, 'rest_invalid_param'],
      [400, 'rest_invalid_param'],
      [404, 'event-archive-page-not-found'],
      [404, 'rest-event-not-found'],
      [400, 'rest_invalid_param'],
      [403, 'event-no-longer-available'],
      [403, 'event-password-protected'],
      [403, 'event-not-accessible'],
      [403, 'venue-not-accessible'],
      [404, 'organizer-archive-page-not-found'],
      [400, 'rest_invalid_param'],
      [414, 'rest_query_too_long'],
      [401, 'rest_forbidden'],
      [403, 'rest_forbidden'],
      [400, 'rest_missing_callback_param'],
      [400, 'rest_invalid_param'],
      [400, 'rest_invalid_json'],
      [415, 'rest_unsupported_media_type'],
      [413, 'rest_request_too_large'],
      [404, 'rest-event-not-found'],
      [400, 'term_exists'],
      [400, 'rest_invalid_param'],
    ])
  })

  test('a field the document does not describe, or one of another type, is caught', async () => {
    const { body } = await server.request(`${NS}/events/${calendar.events.jazzNight.id}`)
    expect(checker.check('GET', '/events/1', 200, body).problems).toEqual([])
    const { title, ...untitled } = body
    expect(checker.check('GET', '/events/1', 200, untitled).problems).toEqual([
      expect.stringContaining("required property 'title'"),
    ])
    expect(checker.check('GET', '/events/1', 200, { ...body, author: 1 }).problems).toEqual([
      expect.stringContaining('/author must be string'),
    ])
    expect(checker.check('GET', '/events/1', 200, { ...body, extra: 1 }).problems).toEqual([
      expect.stringContaining('additional properties'),
    ])
    expect(checker.check('GET', '/events/1', 418, body).problems).toEqual([
      'status 418 is not listed',
    ])
  })
})
