/** A cached anonymous response is let go once `cache.maxAgeSeconds` have passed, even with no write. */
import { startTestServer, type TestServer } from '../helpers/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ cache: { maxAgeSeconds: 1 } })
})

afterAll(async () => {
  await server?.stop()
})

test('a response is served until its age is reached, then computed again', async () => {
  const { id } = await server.payload.create({
    collection: 'events',
    data: {
      title: 'Brief',
      startDate: '2031-01-01T10:00:00Z',
      endDate: '2031-01-01T11:00:00Z',
      status: 'publish',
    } as never,
  })
  const cost = async () => (await server.request(`/api/calendar/events/v1/events/${id}`)).body.cost
  const first = await server.request(`/api/calendar/events/v1/events/${id}`)
  expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1')
  // Straight to the database: no hook marks the calendar changed.
  await server.payload.db.updateOne({
    collection: 'events',
    id: server.payloadId(id),
    data: { cost: '$1' },
    req: {},
    returning: false,
  })
  expect(await cost()).toBe('')
  await new Promise((resolve) => setTimeout(resolve, 1100))
  expect(await cost()).toBe('$1')
})
