/**
 * Records saved before their search text existed (venues and organizers before their descriptions became
 * searchable) are given one by the migration that brings them up to date, on both databases, and running it again
 * changes nothing.
 */
import type { Payload, PayloadRequest } from 'payload'

import { createLocalReq } from 'payload'

import { executeRaw } from '../../src/database/adapter.js'
import { migrateSearchText } from '../../src/exports/migrations/searchText.js'
import { databaseKind } from '../helpers/database.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer()
  admin = await registerFirstUser(server)
})
afterAll(() => server?.stop())

type MongoCollection = { updateMany: (filter: object, update: object) => Promise<unknown> }
const mongoCollection = (name: string) =>
  (
    server.payload.db as unknown as {
      connection: { db: { collection: (name: string) => MongoCollection } }
    }
  ).connection.db.collection(name)

/**
 * The host's migration; MongoDB sites, which never had records without search text, have none, so there the same
 * work is done through the export a site's migration would call.
 */
const migrationOf = async (kind: string) =>
  kind === 'mongo'
    ? {
        up: async ({ payload, req }: { payload: Payload; req: Partial<PayloadRequest> }) =>
          payload.logger.info(
            `calendar: search text written for ${JSON.stringify(await migrateSearchText({ payload, req }))}`,
          ),
      }
    : await import(`../../migrations/${kind}/20261127_093000_fill_search_text.js`)

const found = async (plural: string, word: string) =>
  (await server.request(`${NS}/${plural}?search=${word}`, { token: admin })).body[plural] ?? []

test('the fill-search-text migration makes old venues and organizers findable by their description', async () => {
  for (const [plural, key] of [
    ['venues', 'venue'],
    ['organizers', 'organizer'],
  ]) {
    const created = await server.request(`${NS}/${plural}`, {
      token: admin,
      body: { [key]: `Old ${key}`, description: `<p>Known for its zanzibarquux ${key}s</p>` },
    })
    expect(created.status).toBe(201)
    expect((await found(plural, 'zanzibarquux')).map(({ id }: { id: number }) => id)).toEqual([
      created.body.id,
    ])
  }
  // As they were before the migration that added the column: no search text at all.
  for (const table of ['venues', 'organizers']) {
    if (server.database.kind === 'mongo')
      await mongoCollection(table).updateMany({}, { $unset: { searchText: '' } })
    else await executeRaw(server.payload.db, `UPDATE ${table} SET search_text = NULL`)
  }
  expect(await found('venues', 'zanzibarquux')).toEqual([])

  const { up } = await migrationOf(databaseKind().kind)
  const req = await createLocalReq({}, server.sitePayload)
  const logged: string[] = []
  const payload = Object.assign(Object.create(server.sitePayload), {
    logger: { ...server.payload.logger, info: (message: string) => logged.push(message) },
  })
  await up({ payload, req })
  expect(logged).toEqual([
    'calendar: search text written for {"events":0,"venues":1,"organizers":1}',
  ])
  for (const plural of ['venues', 'organizers']) {
    expect(await found(plural, 'zanzibarquux')).toHaveLength(1)
  }
  await up({ payload, req })
  expect(logged.at(-1)).toBe(
    'calendar: search text written for {"events":0,"venues":0,"organizers":0}',
  )
})
