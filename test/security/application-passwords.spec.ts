import fc from 'fast-check'
import { createHash } from 'node:crypto'

import { executeRaw } from '../../src/database/adapter.js'
import { createTestDatabase, type TestDatabase } from '../helpers/database.js'
import { type HostProcess, startHostProcess } from '../helpers/hostProcess.js'
import { createUserByScript } from '../helpers/run.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { createUser, PASSWORD, registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'

type Lean = { findOne: (filter: object) => { lean: () => Promise<Record<string, unknown>> } }

/** An application password as the database stores it: its row on SQL, its document on MongoDB. */
async function storedRecord(id: number | string): Promise<Record<string, unknown>> {
  if (server.database.kind === 'mongo') {
    const { collections } = server.payload.db as unknown as { collections: Record<string, Lean> }
    return collections['application-passwords'].findOne({ _id: id }).lean()
  }
  const [row] = await executeRaw(
    server.payload.db,
    `SELECT * FROM application_passwords WHERE id = ${id}`,
  )
  return row as Record<string, unknown>
}
const PASSWORDS = '/api/application-passwords'
const EDITOR = 'editor@example.test'

const INCORRECT_PASSWORD = {
  code: 'incorrect_password',
  message: 'The provided password is an invalid application password.',
  data: { status: 401 },
}
const INVALID_USERNAME = {
  code: 'invalid_username',
  message: '<strong>Error</strong>: Unknown username. Check again or try your email address.',
  data: { status: 401 },
}

let server: TestServer
let admin: string
let editor: { id: number; token: string }
let author: { id: number; token: string }

beforeAll(async () => {
  server = await startTestServer({ wordpressPaths: true })
  admin = await registerFirstUser(server)
  editor = await createUser(server, admin, EDITOR, 'editor')
  author = await createUser(server, admin, 'author@example.test', 'author')
})
afterAll(() => server?.stop())

const basic = (name: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`,
})
const event = (title: string) => ({
  title,
  start_date: '2027-07-05 20:00:00',
  end_date: '2027-07-05 23:00:00',
})

async function issue(token: string, name: string, extra: Record<string, unknown> = {}) {
  const created = await server.request(PASSWORDS, { body: { name, ...extra }, token })
  expect(created.status).toBe(201)
  return created.body.doc as {
    id: number
    name: string
    password: string
    user: number | { id: number }
  }
}
const stored = (id: number) =>
  server.payload.findByID({
    collection: 'application-passwords',
    id,
    depth: 0,
    showHiddenFields: true,
  })

describe('application passwords', () => {
  test('are shown once, at creation, in groups of four, and stored as a digest', async () => {
    const issued = await issue(editor.token, 'Importer')
    expect(issued.password).toMatch(/^[A-Za-z0-9]{4}( [A-Za-z0-9]{4}){5}$/)
    expect(issued).not.toHaveProperty('passwordHash')
    const listed = await server.request(`${PASSWORDS}/${issued.id}`, { token: editor.token })
    expect(listed.body).toMatchObject({ name: 'Importer' })
    // Never used: null, or on MongoDB no value at all.
    expect(listed.body.lastUsed ?? null).toBeNull()
    expect(listed.body).not.toHaveProperty('password')
    expect(listed.body).not.toHaveProperty('passwordHash')
    // In the table as stored: the SHA-256 of the 24 letters and digits, and neither spelling of the password.
    const row = await storedRecord(issued.id)
    const letters = issued.password.replace(/ /g, '')
    expect(row.password_hash ?? row.passwordHash).toBe(
      createHash('sha256').update(letters).digest('hex'),
    )
    const everything = JSON.stringify(row)
    expect([everything.includes(letters), everything.includes(issued.password)]).toEqual([
      false,
      false,
    ])
  })

  test('authenticate HTTP Basic on the namespace and on Payload REST, with or without the spaces', async () => {
    const { password } = await issue(editor.token, 'Sync')
    const created = await server.request(`${NS}/events`, {
      body: event('Basic gig'),
      headers: basic(EDITOR, password),
    })
    expect(created.status).toBe(201)
    expect(created.body.author).toBe(String(editor.id))
    const squeezed = basic(EDITOR.toUpperCase(), password.replace(/ /g, ''))
    expect(
      (await server.request(`${NS}/events`, { body: event('Squeezed'), headers: squeezed })).status,
    ).toBe(201)
    const venue = await server.request('/api/venues?depth=0', {
      body: { name: 'Basic Hall' },
      headers: squeezed,
    })
    expect(venue.status).toBe(201)
    expect(venue.body.doc.author).toBe(editor.id)
    const me = await server.request('/api/users/me', { headers: squeezed })
    expect(me.body.user).toMatchObject({ email: EDITOR, _strategy: 'application-password' })
  })

  test("a client of the original changes only the site's address", async () => {
    const { password } = await issue(editor.token, 'Original client')
    const created = await server.request('/wp-json/tribe/events/v1/events', {
      body: event('Unchanged client'),
      headers: basic(EDITOR, password),
    })
    expect(created.status).toBe(201)
    const wrong = await server.request('/?rest_route=/tribe/events/v1/events', {
      headers: basic(EDITOR, 'nope'),
    })
    expect([wrong.status, wrong.body]).toEqual([401, INCORRECT_PASSWORD])
  })

  test('record their last use at most once a minute', async () => {
    const { id, password } = await issue(editor.token, 'Clock')
    const before = Date.now()
    await server.request(`${NS}/events?per_page=1`, { headers: basic(EDITOR, password) })
    const first = (await stored(id)).lastUsed as string
    expect(Date.parse(first)).toBeGreaterThanOrEqual(before - 1000)
    await server.request(`${NS}/events?per_page=1`, { headers: basic(EDITOR, password) })
    expect((await stored(id)).lastUsed).toBe(first)
    const longAgo = new Date(Date.now() - 2 * 60_000).toISOString()
    await server.payload.update({
      collection: 'application-passwords',
      id,
      data: { lastUsed: longAgo },
    })
    await server.request(`${NS}/events?per_page=1`, { headers: basic(EDITOR, password) })
    expect(Date.parse((await stored(id)).lastUsed as string)).toBeGreaterThan(
      Date.parse(longAgo) + 60_000,
    )
    const listed = await server.request(`${PASSWORDS}/${id}`, { token: editor.token })
    expect(listed.body.lastUsed).toBe((await stored(id)).lastUsed)
  })

  test('a wrong or revoked password is 401 incorrect_password, on reads too; the login password never works', async () => {
    const { id, password } = await issue(editor.token, 'Short-lived')
    expect(
      (await server.request(`${NS}/events`, { headers: basic(EDITOR, password) })).status,
    ).toBe(200)
    const wrong = await server.request(`${NS}/events`, {
      headers: basic(EDITOR, 'abcd efgh ijkl mnop qrst uvwx'),
    })
    expect(wrong.status).toBe(401)
    expect(wrong.body).toEqual(INCORRECT_PASSWORD)
    expect(wrong.headers.get('content-type')).toContain('application/json')
    const login = await server.request(`${NS}/events`, {
      body: event('Nope'),
      headers: basic(EDITOR, PASSWORD),
    })
    expect(login.status).toBe(401)
    expect(login.body).toEqual(INCORRECT_PASSWORD)

    expect(
      (await server.request(`${PASSWORDS}/${id}`, { method: 'DELETE', token: editor.token }))
        .status,
    ).toBe(200)
    const revoked = await server.request(`${NS}/events`, {
      body: event('Revoked'),
      headers: basic(EDITOR, password),
    })
    expect(revoked.status).toBe(401)
    expect(revoked.body).toEqual(INCORRECT_PASSWORD)
    // Payload's own REST treats failed credentials as no credentials, as it does a wrong API key.
    const payloadRest = await server.request('/api/venues', {
      body: { name: 'Nope' },
      headers: basic(EDITOR, password),
    })
    expect(payloadRest.status).toBe(403)
  })

  test('an unknown user is 401 invalid_username; a malformed Basic header is a 401, never a 500', async () => {
    const unknown = await server.request(`${NS}/events`, {
      headers: basic('nobody@example.test', 'x'),
    })
    expect(unknown.status).toBe(401)
    expect(unknown.body).toEqual(INVALID_USERNAME)
    for (const authorization of [
      'Basic',
      'Basic ',
      'Basic !!!',
      'Basic bm9jb2xvbg==',
      'basic Og==',
      'Basic a b',
      'Basic AA==',
    ]) {
      const answer = await server.request(`${NS}/events`, {
        body: event('Nope'),
        headers: { authorization },
      })
      expect([authorization, answer.body]).toEqual([authorization, INVALID_USERNAME])
    }
    const anyBasic = fc.oneof(
      fc
        .uint8Array({ maxLength: 64 })
        .map((bytes) => `Basic ${Buffer.from(bytes).toString('base64')}`),
      fc.string({ maxLength: 64 }).map((text) => `Basic ${text.replace(/[\r\n\0]/g, '')}`),
      fc
        .tuple(fc.emailAddress(), fc.string({ maxLength: 40 }))
        .map(([name, password]) => basic(name, password).authorization),
    )
    await fc.assert(
      fc.asyncProperty(anyBasic, async (authorization) => {
        const answer = await server.request(`${NS}/events?per_page=1`, {
          headers: { authorization },
        })
        expect([authorization, answer.status, answer.body.code]).toEqual([
          authorization,
          401,
          expect.stringMatching(/^(incorrect_password|invalid_username)$/),
        ])
      }),
      { numRuns: 60 },
    )
    // Another scheme is not Basic: the write is anonymous.
    const bearer = await server.request(`${NS}/events`, {
      body: event('Nope'),
      headers: { authorization: 'Basically x' },
    })
    expect(bearer.body.code).toBe('rest_forbidden')
  })

  test('a user sees, changes and revokes only their own; administrators all', async () => {
    const editors = await issue(editor.token, 'Editor only')
    const forged = await issue(author.token, 'For someone else', { user: editor.id })
    expect(forged.user).toMatchObject({ id: author.id })

    const seen = await server.request(PASSWORDS, { token: author.token })
    expect(seen.body.docs.map((doc: { name: string }) => doc.name)).toEqual(['For someone else'])
    expect(
      (await server.request(`${PASSWORDS}/${editors.id}`, { token: author.token })).status,
    ).toBe(404)
    const revoke = await server.request(`${PASSWORDS}/${editors.id}`, {
      method: 'DELETE',
      token: author.token,
    })
    expect(revoke.status).toBe(403)
    expect(await stored(editors.id)).toMatchObject({ name: 'Editor only' })
    const all = await server.request(`${PASSWORDS}?limit=100`, { token: admin })
    expect(all.body.docs.map((doc: { name: string }) => doc.name)).toEqual(
      expect.arrayContaining(['Editor only', 'For someone else']),
    )
    const forAuthor = await issue(admin, 'Issued by an administrator', { user: author.id })
    expect(forAuthor.user).toMatchObject({ id: author.id })

    const renamed = await server.request(`${PASSWORDS}/${forged.id}`, {
      method: 'PATCH',
      body: {
        name: 'Renamed',
        user: editor.id,
        passwordHash: 'f'.repeat(64),
        lastUsed: '2020-01-01T00:00:00.000Z',
      },
      token: author.token,
    })
    expect(renamed.status).toBe(200)
    const row = await stored(forged.id)
    expect(row).toMatchObject({ name: 'Renamed', user: author.id })
    expect(row.lastUsed ?? null).toBeNull()
    expect(row.passwordHash).not.toBe('f'.repeat(64))
    expect((await server.request(PASSWORDS, { body: { name: 'Anonymous' } })).status).toBe(403)
  })

  test('go with their user', async () => {
    const leaving = await createUser(server, admin, 'leaving@example.test', 'author')
    const { id } = await issue(leaving.token, 'Doomed')
    expect(
      (await server.request(`/api/users/${leaving.id}`, { method: 'DELETE', token: admin })).status,
    ).toBe(200)
    const left = await server.payload.find({
      collection: 'application-passwords',
      where: { id: { equals: id } },
    })
    expect(left.totalDocs).toBe(0)
  })
})

describe('application passwords across server instances', () => {
  let database: TestDatabase
  let instances: HostProcess[] = []
  const owner = { email: 'instances-owner@example.test', password: 'a-long-owner-password' }

  beforeAll(async () => {
    database = await createTestDatabase()
    await createUserByScript(database.uri, owner)
    instances = await Promise.all(
      [0, 1].map(() => startHostProcess(database.uri, { admin: false })),
    )
  }, 5 * 60_000)
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()))
    await database?.drop()
  })

  test('one made on one instance works on another at once, and one revoked there is refused there at once', async () => {
    const [first, second] = instances
    const request = (instance: HostProcess, path: string, init: RequestInit = {}) =>
      fetch(`${instance.url}${path}`, init).then(async (response) => ({
        status: response.status,
        body: await response.json(),
      }))
    const json = { 'content-type': 'application/json' }
    const { token } = (
      await request(first, '/api/users/login', {
        method: 'POST',
        headers: json,
        body: JSON.stringify(owner),
      })
    ).body
    const issued = await request(first, PASSWORDS, {
      method: 'POST',
      headers: { ...json, authorization: `JWT ${token}` },
      body: JSON.stringify({ name: 'Two instances' }),
    })
    expect(issued.status).toBe(201)
    const write = (title: string) =>
      request(second, `${NS}/events`, {
        method: 'POST',
        headers: { ...json, ...basic(owner.email, issued.body.doc.password) },
        body: JSON.stringify(event(title)),
      })
    expect((await write('Made elsewhere')).status).toBe(201)
    const revoked = await request(first, `${PASSWORDS}/${issued.body.doc.id}`, {
      method: 'DELETE',
      headers: { authorization: `JWT ${token}` },
    })
    expect(revoked.status).toBe(200)
    const refused = await write('Revoked elsewhere')
    expect([refused.status, refused.body]).toEqual([401, INCORRECT_PASSWORD])
  })
})
