/**
 * A server instance with a PostgreSQL streaming replica (`DATABASE_REPLICA_URIS`): anonymous reads are served from
 * the replica, and a caller with credentials reads from the primary, so the answer to a write and the writer's next
 * read show the write however far the replica lags. The replica's lag is made real by pausing its replay.
 */
import { describeOn } from '../helpers/database.js'
import { type HostProcess, startHostProcess } from '../helpers/hostProcess.js'
import { type ReplicatedPostgres, startReplicatedPostgres } from '../helpers/replicatedPostgres.js'
import { createUserByScript } from '../helpers/run.js'

const NS = '/api/calendar/events/v1'
const EDITOR = { email: 'replica-editor@example.test', password: 'a-long-editor-password' }

let cluster: ReplicatedPostgres
let host: HostProcess
let token: string

type Answer = { status: number; body: any }

async function call(
  path: string,
  init: { method?: string; body?: unknown; auth?: boolean } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {}
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  if (init.auth) headers.authorization = `JWT ${token}`
  const response = await fetch(`${host.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

const day = (() => {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 12))
    .toISOString()
    .slice(0, 10)
})()
const event = (title: string) => ({
  title,
  start_date: `${day} 18:00`,
  end_date: `${day} 20:00`,
  status: 'publish',
})
const titles = (answer: Answer) => answer.body.events.map((found: { title: string }) => found.title)

// Replication is a PostgreSQL setup; SQLite has one file.
const onPostgres = describeOn('postgres', 'streaming read replicas')

onPostgres('a server instance with a read replica', () => {
  beforeAll(async () => {
    cluster = await startReplicatedPostgres()
    await createUserByScript(cluster.primaryUri, EDITOR)
    host = await startHostProcess(cluster.primaryUri, {
      admin: false,
      env: { DATABASE_REPLICA_URIS: cluster.replicaUri },
    })
    token = (await call('/api/users/login', { body: EDITOR })).body.token
    await cluster.caughtUp()
  }, 5 * 60_000)

  afterAll(async () => {
    await host?.stop()
    await cluster?.stop()
  })

  test('while the replica lags, a write and its writer see it, anonymous reads see the replica, and catch up after', async () => {
    const search = `${NS}/events?search=Tidewater`
    expect(titles(await call(search))).toEqual([])
    await cluster.pauseReplay()
    try {
      const created = await call(`${NS}/events`, { body: event('Tidewater Concert'), auth: true })
      expect([created.status, created.body.title]).toEqual([201, 'Tidewater Concert'])
      const id = created.body.id
      expect((await call(`${NS}/events/${id}`, { auth: true })).body.title).toBe(
        'Tidewater Concert',
      )
      const renamed = await call(`${NS}/events/${id}`, {
        method: 'PATCH',
        body: { title: 'Tidewater Concert Moved' },
        auth: true,
      })
      expect([renamed.status, renamed.body.title]).toEqual([200, 'Tidewater Concert Moved'])

      // The writer reads from the primary at once, as a list and as the record.
      expect((await call(`${NS}/events/${id}`, { auth: true })).body.title).toBe(
        'Tidewater Concert Moved',
      )
      expect(titles(await call(search, { auth: true }))).toEqual(['Tidewater Concert Moved'])
      // Anonymous callers read the replica, which has applied neither write.
      expect((await call(`${NS}/events/${id}`)).status).toBe(404)
      expect(titles(await call(search))).toEqual([])
    } finally {
      await cluster.resumeReplay()
    }

    // Once the replica applies the writes, anonymous reads show them well within the cache's 10 s: the answers kept
    // while it lagged were kept under the replica's change stamp, which the replay replaces.
    const deadline = Date.now() + 5_000
    let list = await call(search)
    while (titles(list).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      list = await call(search)
    }
    expect(titles(list)).toEqual(['Tidewater Concert Moved'])
  })

  test("a new login counts at once on Payload's own routes and the namespace, however the replica lags", async () => {
    await cluster.pauseReplay()
    try {
      const login = await call('/api/users/login', { body: EDITOR })
      expect(login.status).toBe(200)
      // Past Payload's own window after a write in this process, in which it reads from the primary anyway: as
      // another instance, which did not log the user in, would read.
      await new Promise((resolve) => setTimeout(resolve, 2_500))
      const fresh = (path: string, body?: unknown) =>
        fetch(`${host.url}${path}`, {
          method: body ? 'POST' : 'GET',
          headers: { authorization: `JWT ${login.body.token}`, 'content-type': 'application/json' },
          body: body ? JSON.stringify(body) : undefined,
        }).then(async (response) => ({ status: response.status, body: await response.json() }))
      expect((await fresh('/api/users/me')).body.user?.email).toBe(EDITOR.email)
      expect((await fresh(`${NS}/events`, event('Fresh Login'))).status).toBe(201)
    } finally {
      await cluster.resumeReplay()
    }
  })

  test('an application password counts at once when made, and stops at once when revoked, however the replica lags', async () => {
    // Past Payload's own window after a write in this process, in which it reads from the primary anyway.
    const afterPayloadsWindow = () => new Promise((resolve) => setTimeout(resolve, 2_500))
    const withBasic = (password: string, path: string, body?: unknown) =>
      fetch(`${host.url}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: {
          authorization: `Basic ${Buffer.from(`${EDITOR.email}:${password}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: body ? JSON.stringify(body) : undefined,
      }).then(async (response) => ({ status: response.status, body: await response.json() }))

    await cluster.pauseReplay()
    let issued: Answer
    try {
      issued = await call('/api/application-passwords', {
        body: { name: 'Replica test' },
        auth: true,
      })
      expect(issued.status).toBe(201)
      await afterPayloadsWindow()
      expect((await withBasic(issued.body.doc.password, '/api/users/me')).body.user?.email).toBe(
        EDITOR.email,
      )
      expect(
        (await withBasic(issued.body.doc.password, `${NS}/events`, event('Harbour Lights'))).status,
      ).toBe(201)
    } finally {
      await cluster.resumeReplay()
    }
    await cluster.caughtUp()
    await cluster.pauseReplay()
    try {
      const revoked = await call(`/api/application-passwords/${issued.body.doc.id}`, {
        method: 'DELETE',
        auth: true,
      })
      expect(revoked.status).toBe(200)
      await afterPayloadsWindow()
      const refused = await withBasic(
        issued.body.doc.password,
        `${NS}/events`,
        event('Harbour Lights again'),
      )
      expect([refused.status, refused.body.code]).toEqual([401, 'incorrect_password'])
    } finally {
      await cluster.resumeReplay()
    }
  })
})
