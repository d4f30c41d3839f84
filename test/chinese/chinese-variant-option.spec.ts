/**
 * The `chineseConversion` option chooses the Traditional Chinese written: here Taiwan's words (`twp`), which also
 * change the vocabulary (软件 → 軟體), where the default writes Taiwan's characters only (軟件).
 */
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer({ chineseConversion: { traditional: { 'zh-hant': 'twp' } } })
  admin = await registerFirstUser(server)
})
afterAll(() => server?.stop())

test("Taiwan's words, both ways", async () => {
  const created = await server.request(`${NS}/events?ml_language=zh-hans`, {
    token: admin,
    body: {
      title: '软件与视频网络研讨会：鼠标和打印机的信息',
      status: 'publish',
      start_date: '2027-03-09 19:00:00',
      end_date: '2027-03-09 21:00:00',
    },
  })
  const traditional = await server.request(`${NS}/events/${created.body.id}?ml_language=zh-hant`)
  expect(traditional.body.title).toBe('軟體與影片網路研討會：滑鼠和印表機的資訊')

  const fromTaiwan = await server.request(`${NS}/events?ml_language=zh-hant`, {
    token: admin,
    body: {
      title: '計程車與捷運的資訊',
      status: 'publish',
      start_date: '2027-03-10 19:00:00',
      end_date: '2027-03-10 21:00:00',
    },
  })
  const simplified = await server.request(`${NS}/events/${fromTaiwan.body.id}?ml_language=zh-hans`)
  expect(simplified.body.title).toBe('出租车与捷运的信息')
})
