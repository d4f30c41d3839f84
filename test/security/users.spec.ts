import { runScript } from '../helpers/run.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { createUser, registerFirstUser } from '../helpers/users.js'

let server: TestServer
let admin: string
let editor: { id: number; token: string }
let author: { id: number; token: string }
let subscriber: { id: number; token: string }

beforeAll(async () => {
  server = await startTestServer()
  admin = await registerFirstUser(server)
  editor = await createUser(server, admin, 'editor@example.test', 'editor')
  author = await createUser(server, admin, 'author@example.test', 'author')
  subscriber = await createUser(server, admin, 'subscriber@example.test', 'subscriber')
})
afterAll(() => server?.stop())

const event = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  startDate: '2027-05-01T10:00:00.000Z',
  endDate: '2027-05-01T11:00:00.000Z',
  ...extra,
})
const me = async (token: string) => (await server.request('/api/users/me', { token })).body.user

describe('users and roles', () => {
  test('the first registered user is an administrator; later ones default to subscriber', async () => {
    expect((await me(admin)).role).toBe('admin')
    const plain = await server.request('/api/users', {
      body: { email: 'plain@example.test', password: 'another-long-password' },
      token: admin,
    })
    expect(plain.body.doc.role).toBe('subscriber')
  })

  test('only administrators assign roles', async () => {
    const promoted = await server.request(`/api/users/${subscriber.id}`, {
      body: { role: 'admin' },
      method: 'PATCH',
      token: subscriber.token,
    })
    expect(promoted.status).toBe(200)
    expect((await me(subscriber.token)).role).toBe('subscriber')
    const byEditor = await server.request('/api/users', {
      body: { email: 'x@example.test', password: 'another-long-password', role: 'admin' },
      token: editor.token,
    })
    expect(byEditor.status).toBe(403)
  })

  test('subscribers and anonymous callers cannot write calendar records', async () => {
    expect(
      (await server.request('/api/events', { body: event('Nope'), token: subscriber.token }))
        .status,
    ).toBe(403)
    expect((await server.request('/api/events', { body: event('Nope') })).status).toBe(403)
    expect(
      (await server.request('/api/venues', { body: { name: 'Nope' }, token: subscriber.token }))
        .status,
    ).toBe(403)
  })

  test('authors write their own records, but only as pending until an editor publishes', async () => {
    const created = await server.request('/api/events', {
      body: event('Author gig', { status: 'publish', author: editor.id }),
      token: author.token,
    })
    expect(created.status).toBe(201)
    expect(created.body.doc).toMatchObject({ status: 'pending', author: { id: author.id } })

    const own = await server.request(`/api/events/${created.body.doc.id}`, {
      body: { title: 'Author gig, updated' },
      method: 'PATCH',
      token: author.token,
    })
    expect(own.status).toBe(200)

    const editors = await server.request('/api/events', {
      body: event('Editor gig'),
      token: editor.token,
    })
    expect(editors.body.doc.status).toBe('publish')
    const foreign = await server.request(`/api/events/${editors.body.doc.id}`, {
      body: { title: 'Hijacked' },
      method: 'PATCH',
      token: author.token,
    })
    expect(foreign.status).toBeGreaterThanOrEqual(403)
    expect(
      (await server.payload.findByID({ collection: 'events', id: editors.body.doc.id })).title,
    ).toBe('Editor gig')

    const published = await server.request(`/api/events/${created.body.doc.id}`, {
      body: { status: 'publish' },
      method: 'PATCH',
      token: editor.token,
    })
    expect(published.body.doc.status).toBe('publish')
  })

  test('only published records are visible to anonymous callers and subscribers', async () => {
    await server.request('/api/events', {
      body: event('Draft only', { status: 'draft' }),
      token: editor.token,
    })
    const titles = async (token?: string) =>
      (await server.request('/api/events?limit=100', { token })).body.docs.map(
        (doc: { title: string }) => doc.title,
      )
    expect(await titles()).not.toContain('Draft only')
    expect(await titles(subscriber.token)).not.toContain('Draft only')
    expect(await titles(editor.token)).toContain('Draft only')
    expect(await titles()).toContain('Editor gig')
  })
})

describe('npm run user:create', () => {
  test('creates a user with a role and prints a working API key', async () => {
    const result = await runScript(
      'user:create',
      [
        '--email',
        'cli@example.test',
        '--password',
        'cli-password-123',
        '--role',
        'editor',
        '--api-key',
      ],
      server.database.uri,
    )
    expect({ code: result.code, stderr: result.code ? result.stderr : '' }).toEqual({
      code: 0,
      stderr: '',
    })
    expect(result.stdout).toMatch(
      /Created user (\d+|[\da-f]{24}) <cli@example.test> with role editor/,
    )
    const apiKey = /API key: (\S+)/.exec(result.stdout)?.[1]
    expect(apiKey).toBeDefined()
    const whoami = await server.request('/api/users/me', {
      headers: { authorization: `users API-Key ${apiKey}` },
    })
    expect(whoami.body.user).toMatchObject({ email: 'cli@example.test', role: 'editor' })
  })

  test('refuses an unknown role', async () => {
    const result = await runScript(
      'user:create',
      ['--email', 'bad@example.test', '--password', 'pw-123456', '--role', 'overlord'],
      server.database.uri,
    )
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('usage')
  })
})
