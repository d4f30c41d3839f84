/**
 * Record ids are the original's integers on every database, MongoDB included (where a record's ObjectId holds its
 * number): in answers, in the links between records, in `global_id`, and in the by-id routes and filters.
 */
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

const send = (method: string, path: string, body?: unknown) =>
  server.request(`${NS}${path}`, { method, body, token: admin })

const event = (title: string, day: number, extra: Record<string, unknown> = {}) => ({
  title,
  start_date: `2027-03-${String(day).padStart(2, '0')} 19:00`,
  end_date: `2027-03-${String(day).padStart(2, '0')} 21:00`,
  ...extra,
})

test('records are numbered 1, 2, 3 in each collection, and linked by those numbers', async () => {
  const answers = []
  for (const day of [1, 2, 3]) {
    answers.push(
      await send(
        'POST',
        '/events',
        event(`Numbered ${day}`, day, {
          venue: { venue: 'Numbered Hall' },
          organizer: [{ organizer: 'Numbered Society' }],
          categories: ['Numbered', 'Counted'],
          tags: ['numbered'],
        }),
      ),
    )
  }
  expect(answers.map(({ status }) => status)).toEqual([201, 201, 201])
  expect(answers.map(({ body }) => body.id)).toEqual([1, 2, 3])
  const [first] = answers.map(({ body }) => body)
  expect(first.global_id).toMatch(/\?id=1$/)
  expect([first.venue.id, first.organizer.map(({ id }: { id: number }) => id)]).toEqual([1, [1]])
  expect(first.categories.map(({ id }: { id: number }) => id).sort()).toEqual([1, 2])
  expect(first.tags.map(({ id }: { id: number }) => id)).toEqual([1])
})

test('the by-id routes and the id filters take those numbers', async () => {
  expect((await send('GET', '/events/2')).body).toMatchObject({ id: 2, title: 'Numbered 2' })
  expect((await send('GET', '/venues/1')).body).toMatchObject({ id: 1, venue: 'Numbered Hall' })
  expect((await send('GET', '/organizers/1')).body.id).toBe(1)
  expect((await send('GET', '/categories/2')).body.id).toBe(2)
  expect((await send('GET', '/tags/1')).body.id).toBe(1)
  const listed = await send('GET', '/events?include=1,3&start_date=2027-01-01')
  expect(listed.body.events.map(({ id }: { id: number }) => id)).toEqual([1, 3])
  const byVenue = await send('GET', '/events?venue=1&start_date=2027-01-01&end_date=2027-12-31')
  expect(byVenue.body.total).toBe(3)
  const byCategory = await send('GET', '/events?categories=2&start_date=2027-01-01')
  expect(byCategory.body.events.map(({ id }: { id: number }) => id)).toEqual([1, 2, 3])
  expect((await send('GET', '/categories/1')).body.count).toBe(3)
  const updated = await send('POST', '/events/3', { venue: 0, categories: [1] })
  expect([updated.status, updated.body.venue, updated.body.categories.length]).toEqual([200, [], 1])
  expect((await send('DELETE', '/events/3')).body).toMatchObject({ id: 3, status: 'trash' })
  expect((await send('GET', '/events/999')).body.code).toBe('rest-event-not-found')
})

test("links checked by Payload's own validation take the numbers too: a category's parent", async () => {
  const child = await send('POST', '/categories', { name: 'Numbered child', parent: 1 })
  expect([child.status, child.body.id, child.body.parent]).toEqual([201, 3, 1])
  const moved = await send('POST', '/categories/3', { parent: 2 })
  expect([moved.status, moved.body.parent]).toEqual([200, 2])
})
