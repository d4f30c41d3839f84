/** `chineseConversion: false`: each Chinese locale holds what was written in it, as before. */
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer({ chineseConversion: false })
  admin = await registerFirstUser(server)
})
afterAll(() => server?.stop())

test('nothing is converted, and search looks for the text as written', async () => {
  const created = await server.request(`${NS}/events?ml_language=zh-hans`, {
    token: admin,
    body: {
      title: '音乐会',
      status: 'publish',
      start_date: '2027-03-09 19:00:00',
      end_date: '2027-03-09 21:00:00',
    },
  })
  const stored = await server.payload.findByID({
    collection: 'events',
    id: created.body.id,
    locale: 'zh-hant',
    fallbackLocale: false,
    depth: 0,
    overrideAccess: true,
  })
  expect([stored.title ?? null, stored.chineseConversions ?? {}]).toEqual([null, {}])
  const search = (query: string) =>
    server
      .request(`${NS}/events?search=${encodeURIComponent(query)}&start_date=2027-01-01`)
      .then(({ body }) => body.events.length)
  await expect(search('音乐')).resolves.toBe(1)
  await expect(search('音樂')).resolves.toBe(0)
})
