/**
 * Records saved before their search text existed (venues and organizers before their descriptions became
 * searchable) are given one by the migration that brings them up to date, on both databases, and running it again
 * changes nothing.
 */
import { createLocalReq } from 'payload'

import { executeRaw } from '../../src/database/adapter.js'
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
    await executeRaw(server.payload.db, `UPDATE ${table} SET search_text = NULL`)
  }
  expect(await found('venues', 'zanzibarquux')).toEqual([])

  const { up } = await import(
    `../../migrations/${databaseKind().kind}/20261127_093000_fill_search_text.js`
  )
  const req = await createLocalReq({}, server.payload)
  const logged: string[] = []
  const payload = Object.assign(Object.create(server.payload), {
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
