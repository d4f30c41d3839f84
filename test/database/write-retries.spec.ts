/**
 * A write that loses to other writers (a deadlock or a serialization failure, which the database resolves by
 * rolling one writer back; on MongoDB a write conflict, or any error its driver labels a transient transaction
 * error) is run again whole; one that still loses after its five attempts answers 503, as a busy
 * database does, and leaves nothing behind.
 */
import { testNeeding } from '../helpers/database.js'
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

/**
 * Makes the adapter's event creates fail `times` times with a database error of that code, or (an array) with
 * those labels, as MongoDB's driver labels an error that a transaction may run again after.
 */
function loseRaces(code: number | string | string[], times: number) {
  const db = server.payload.db
  const create = db.create
  let attempts = 0
  db.create = async function (this: unknown, args) {
    if (args.collection !== 'events' || attempts >= times) return create.call(this, args)
    attempts++
    throw Object.assign(
      new Error(`lost to another writer (${code})`),
      Array.isArray(code) ? { errorLabels: code } : { code },
    )
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

// A write that loses is rolled back whole: that needs transactions.
testNeeding('transactions').each([
  ['a deadlock', '40P01'],
  ['a serialization failure', '40001'],
  ['a write conflict of MongoDB', 112],
  ['an error MongoDB labels a transient transaction error', ['TransientTransactionError']],
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

testNeeding('transactions')(
  'a write that loses four times is written once, whole, on its fifth attempt',
  async () => {
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
  },
)

test.each([
  ['a write conflict of MongoDB', 112],
  ['an error MongoDB labels a transient transaction error', ['TransientTransactionError']],
])(
  'a write that loses once to %s, before it wrote anything, is written on its second attempt',
  async (_, code) => {
    const losing = loseRaces(code, 1)
    try {
      const answer = await server.request(`${NS}/events`, {
        token: editor,
        body: {
          title: `Retried after ${code}`,
          start_date: '2027-07-06 20:00:00',
          end_date: '2027-07-06 23:00:00',
        },
      })
      expect([answer.status, losing.attempts()]).toEqual([201, 1])
    } finally {
      losing.restore()
    }
    const { totalDocs } = await server.payload.count({
      collection: 'events',
      where: { title: { equals: `Retried after ${code}` } },
    })
    expect(totalDocs).toBe(1)
  },
)

test('an update whose record another writer deletes just before it is written is run again, not answered 500', async () => {
  const { body: tag } = await server.request(`${NS}/tags`, {
    token: editor,
    body: { name: 'Vanishing tag' },
  })
  const db = server.payload.db
  const updateOne = db.updateOne
  let deleted = false
  db.updateOne = async function (this: unknown, args) {
    if (args.collection === 'event-tags' && !deleted) {
      deleted = true
      await db.deleteOne({
        collection: 'event-tags',
        where: { id: { equals: args.id } },
        req: args.req,
      })
    }
    return updateOne.call(this, args)
  }
  try {
    const answer = await server.request(`${NS}/tags/${tag.id}`, {
      token: editor,
      body: { description: 'Described' },
    })
    expect(deleted).toBe(true)
    // The deletion joined the write's transaction and was rolled back with it, so the write run again applies; on
    // CongoDB, which rolls nothing back, the term stays deleted and the write run again is refused as for any
    // deleted term.
    if (server.database.kind === 'mongo')
      expect([answer.status, answer.body.code]).toEqual([400, 'rest_invalid_param'])
    else expect([answer.status, answer.body.description]).toEqual([200, 'Described'])
  } finally {
    db.updateOne = updateOne
  }
})
