/**
 * A write that loses to other writers (a deadlock or a serialization failure, which the database resolves by
 * rolling one writer back) is run again whole; one that still loses after its five attempts answers 503, as a busy
 * database does, and leaves nothing behind.
 */
import { startTestServer, type TestServer } from '../helpers/server.js'
import { createUser, registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'

let server: TestServer
let editor: string

beforeAll(async () => {
  server = await startTestServer()
  const admin = await registerFirstUser(server)
  editor = (await createUser(server, admin, 'editor@example.test', 'editor')).token
})
afterAll(() => server?.stop())

/** Makes the adapter's event creates fail `times` times with a database error of that SQLSTATE. */
function loseRaces(code: string, times: number) {
  const db = server.payload.db
  const create = db.create
  let attempts = 0
  db.create = async function (this: unknown, args) {
    if (args.collection !== 'events' || attempts >= times) return create.call(this, args)
    attempts++
    throw Object.assign(new Error(`lost to another writer (${code})`), { code })
  }
  return {
    attempts: () => attempts,
    restore: () => {
      db.create = create
    },
  }
}

const stored = async () => ({
  events: (
    await server.payload.count({ collection: 'events', where: { title: { like: 'Retried' } } })
  ).totalDocs,
  venues: (
    await server.payload.count({ collection: 'venues', where: { name: { like: 'Retried' } } })
  ).totalDocs,
})

const write = (title: string) =>
  server.request(`${NS}/events`, {
    token: editor,
    body: {
      title,
      start_date: '2027-07-05 20:00:00',
      end_date: '2027-07-05 23:00:00',
      venue: { venue: `${title} hall` },
    },
  })

test.each([
  ['a deadlock', '40P01'],
  ['a serialization failure', '40001'],
])('a write that loses to %s five times answers 503 and writes nothing', async (_, code) => {
  const losing = loseRaces(code, Infinity)
  try {
    const answer = await write('Retried always')
    expect([answer.status, answer.body.code, answer.body.data]).toEqual([
      503,
      'rest_service_unavailable',
      { status: 503 },
    ])
    expect(losing.attempts()).toBe(5)
  } finally {
    losing.restore()
  }
  expect(await stored()).toEqual({ events: 0, venues: 0 })
})

test('a write that loses four times is written once, whole, on its fifth attempt', async () => {
  const losing = loseRaces('40P01', 4)
  try {
    const answer = await write('Retried once more')
    expect(answer.status).toBe(201)
    expect(losing.attempts()).toBe(4)
    expect(answer.body.venue.venue).toBe('Retried once more hall')
  } finally {
    losing.restore()
  }
  expect(await stored()).toEqual({ events: 1, venues: 1 })
})
