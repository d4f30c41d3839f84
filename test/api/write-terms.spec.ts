import { startTestServer, type TestServer } from '../helpers/server.js'
import { createUser, registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'

let server: TestServer
let admin: string
let subscriber: string

beforeAll(async () => {
  server = await startTestServer()
  admin = await registerFirstUser(server)
  subscriber = (await createUser(server, admin, 'subscriber@example.test', 'subscriber')).token
})
afterAll(() => server?.stop())

const send = (method: string, path: string, body?: unknown, token?: string) =>
  server.request(`${NS}${path}`, { method, body, token })
const count = async (collection: 'event-categories' | 'event-tags') =>
  (await server.payload.count({ collection })).totalDocs

describe('category and tag writes', () => {
  test('need a user who may write: 401 anonymous, 403 subscriber, whatever the body', async () => {
    const anonymous = await send('POST', '/categories', { name: 'Nope' })
    expect([anonymous.status, anonymous.body]).toEqual([
      401,
      {
        code: 'rest_forbidden',
        message: 'Sorry, you are not allowed to do that.',
        data: { status: 401 },
      },
    ])
    expect((await send('POST', '/categories', 'not even json', subscriber)).status).toBe(403)
    expect((await send('POST', '/tags', { name: 'x' }, subscriber)).body.code).toBe(
      'rest_forbidden',
    )
    expect(await count('event-categories')).toBe(0)
  })

  test('create answers 201 with the term and its Location; children take a parent', async () => {
    const music = await send(
      'POST',
      '/categories',
      { name: 'Music', description: 'All music' },
      admin,
    )
    expect(music.status).toBe(201)
    expect(music.body).toMatchObject({
      name: 'Music',
      slug: 'music',
      description: 'All music',
      parent: 0,
      count: 0,
    })
    expect(music.headers.get('location')).toMatch(
      new RegExp(`/api/calendar/events/v1/categories/${music.body.id}$`),
    )
    const jazz = await send('POST', '/categories', { name: 'Jazz', parent: music.body.id }, admin)
    expect(jazz.body).toMatchObject({ parent: music.body.id })
    expect(jazz.body.url).toMatch(/\/events\/category\/music\/jazz\/$/)
  })

  test('reject duplicates, missing names, unknown parents, and parents on tags', async () => {
    const first = await send('POST', '/tags', { name: 'free' }, admin)
    const duplicate = await send('POST', '/tags', { name: 'free' }, admin)
    expect(duplicate.body).toEqual({
      code: 'term_exists',
      message: 'A term with the name provided already exists in this taxonomy.',
      data: { status: 400, term_id: first.body.id },
      additional_data: [first.body.id],
    })
    expect((await send('POST', '/categories', {}, admin)).body).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): name',
      data: { status: 400, params: ['name'] },
    })
    expect(
      (await send('POST', '/categories', { name: 'Orphan', parent: 999999 }, admin)).body.data
        .params,
    ).toEqual({
      parent: 'Invalid parameter.',
    })
    expect(
      (await send('POST', '/tags', { name: 'child', parent: first.body.id }, admin)).body.code,
    ).toBe('rest_taxonomy_not_hierarchical')
  })

  test('names match whatever their case: a name differing only in case is term_exists', async () => {
    const blues = await send('POST', '/categories', { name: 'Blues Rock' }, admin)
    const shouted = await send('POST', '/categories', { name: 'BLUES ROCK' }, admin)
    expect([shouted.status, shouted.body.code, shouted.body.data.term_id]).toEqual([
      400,
      'term_exists',
      blues.body.id,
    ])
    expect((await send('POST', '/tags', { name: 'Ünïcode_100%' }, admin)).status).toBe(201)
    expect((await send('POST', '/tags', { name: 'üNÏCODE_100%' }, admin)).body.code).toBe(
      'term_exists',
    )
    // `_` and `%` are no wildcards here: names that only look alike are other names
    expect((await send('POST', '/tags', { name: 'ÜnïcodeX100%' }, admin)).status).toBe(201)
    const other = await send('POST', '/categories', { name: 'Delta Blues' }, admin)
    expect(
      (await send('PATCH', `/categories/${other.body.id}`, { name: 'blues rock' }, admin)).body
        .code,
    ).toBe('term_exists')
    // a term may change the case of its own name
    const renamed = await send(
      'PATCH',
      `/categories/${blues.body.id}`,
      { name: 'Blues rock' },
      admin,
    )
    expect([renamed.status, renamed.body.name]).toEqual([200, 'Blues rock'])
    // names are unique per parent: a child may share its name with a top-level category
    expect(
      (await send('POST', '/categories', { name: 'blues ROCK', parent: other.body.id }, admin))
        .status,
    ).toBe(201)
  })

  test('an empty name, slug or description is refused on create and update, as the original', async () => {
    const term = (await send('POST', '/tags', { name: 'Described', description: 'Words' }, admin))
      .body
    const before = await count('event-tags')
    for (const [method, path] of [
      ['POST', '/categories'],
      ['POST', '/tags'],
      ['PATCH', `/tags/${term.id}`],
      ['PUT', `/tags/${term.id}`],
    ]) {
      for (const field of ['name', 'slug', 'description']) {
        const answer = await send(method, path, { name: 'Fine', [field]: '' }, admin)
        expect([method, path, answer.status, answer.body.code, answer.body.data.params]).toEqual([
          method,
          path,
          400,
          'rest_invalid_param',
          { [field]: 'Invalid parameter.' },
        ])
      }
    }
    expect(await count('event-tags')).toBe(before)
    const stored = (await send('GET', `/tags/${term.id}`)).body
    expect([stored.name, stored.slug, stored.description]).toEqual([
      'Described',
      'described',
      'Words',
    ])
  })

  test('update with POST, PUT or PATCH; the name can be written per language', async () => {
    const term = (await send('POST', '/categories', { name: 'Film' }, admin)).body
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const { status, body } = await send(
        method,
        `/categories/${term.id}`,
        { description: `by ${method}` },
        admin,
      )
      expect([status, body.description, body.name]).toEqual([200, `by ${method}`, 'Film'])
    }
    await send('PATCH', `/categories/${term.id}?ml_language=zh-hant`, { name: '電影' }, admin)
    expect((await send('GET', `/categories/${term.id}?ml_language=zh-hant`)).body.name).toBe('電影')
    expect((await send('GET', `/categories/${term.id}`)).body.name).toBe('Film')
    expect(
      (await send('PATCH', '/categories/999999', { name: 'x' }, admin)).body.data.params,
    ).toEqual({ id: 'Invalid parameter.' })
    expect((await send('PATCH', `/categories/${term.id}`, { name: 'x' }, subscriber)).status).toBe(
      403,
    )
  })

  test('delete is permanent and answers with the deleted term; a second delete is a 400', async () => {
    const term = (await send('POST', '/tags', { name: 'short-lived' }, admin)).body
    const deleted = await send('DELETE', `/tags/${term.id}`, undefined, admin)
    expect([deleted.status, deleted.body.id, deleted.body.name]).toEqual([
      200,
      term.id,
      'short-lived',
    ])
    expect((await send('DELETE', `/tags/${term.id}`, undefined, admin)).body.data.params).toEqual({
      id: 'Invalid parameter.',
    })
  })

  test('bodies may be forms; malformed JSON, other types and oversized bodies are clear errors', async () => {
    const form = await server.request(`${NS}/categories`, {
      method: 'POST',
      token: admin,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: 'name=From%20a%20form&description=posted',
    })
    expect([form.status, form.body.name]).toEqual([201, 'From a form'])
    const bad = await server.request(`${NS}/categories`, {
      method: 'POST',
      token: admin,
      headers: { 'content-type': 'application/json' },
      rawBody: '{"name": ',
    })
    expect([bad.status, bad.body.code]).toEqual([400, 'rest_invalid_json'])
    const xml = await server.request(`${NS}/categories`, {
      method: 'POST',
      token: admin,
      headers: { 'content-type': 'application/xml' },
      rawBody: '<name>x</name>',
    })
    expect([xml.status, xml.body.code]).toEqual([415, 'rest_unsupported_media_type'])
    const huge = await send('POST', '/categories', { name: 'x'.repeat(2 * 1024 * 1024) }, admin)
    expect([huge.status, huge.body.code]).toEqual([413, 'rest_request_too_large'])
  })

  test('the Allow header shows what the caller may do', async () => {
    const term = (await send('POST', '/categories', { name: 'Allowed' }, admin)).body
    expect(
      (await send('GET', `/categories/${term.id}`, undefined, admin)).headers.get('allow'),
    ).toBe('GET, POST, PUT, PATCH, DELETE')
    expect(
      (await send('GET', `/categories/${term.id}`, undefined, subscriber)).headers.get('allow'),
    ).toBe('GET')
    expect((await send('GET', '/categories', undefined, admin)).headers.get('allow')).toBe(
      'GET, POST',
    )
  })
})
