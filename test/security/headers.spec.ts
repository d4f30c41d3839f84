import type { AddressInfo } from 'node:net'

import { createHostServer } from '../../host/server/app.js'
import { createCalendar } from '../helpers/calendar.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
}

let server: TestServer
let admin: string
let eventId: number

beforeAll(async () => {
  server = await startTestServer({ timezone: 'America/New_York', maxBodyBytes: 1024 })
  admin = await registerFirstUser(server)
  eventId = (await createCalendar(server.payload)).events.jazzNight.id
})
afterAll(() => server?.stop())

/** No header names the software behind the API. */
const banners = (headers: Headers) =>
  [...headers].filter(
    ([name, value]) =>
      name === 'x-powered-by' || name === 'server' || /express|next\.js|payload/i.test(value),
  )

describe('every answer of the namespace carries the JSON API security headers and no banner', () => {
  const cases: [string, string, Record<string, unknown>, number][] = [
    ['list', `${NS}/events`, {}, 200],
    ['single', `${NS}/events/{event}`, {}, 200],
    ['authenticated', `${NS}/events/{event}`, { token: 'admin' }, 200],
    ['language prefix', `/zh-hant${NS}/events/{event}`, {}, 200],
    ['namespace index', NS, {}, 200],
    ['OpenAPI document', `${NS}/doc`, {}, 200],
    ['OPTIONS', `${NS}/events`, { method: 'OPTIONS' }, 200],
    ['invalid parameter', `${NS}/events?page=-1`, {}, 400],
    ['anonymous write', `${NS}/events`, { method: 'POST', body: {} }, 401],
    ['unknown event', `${NS}/events/999999`, {}, 404],
    ['catch-all', `${NS}/no/such/route`, {}, 404],
    ['malformed path', `${NS}/events/by-slug/%E0%A4%A`, {}, 400],
    ['query too long', `${NS}/events?x=${'a'.repeat(5000)}`, {}, 414],
    [
      'body too large',
      `${NS}/events`,
      {
        method: 'POST',
        token: 'admin',
        rawBody: 'x'.repeat(2000),
        headers: { 'content-type': 'application/json' },
      },
      413,
    ],
    [
      'unsupported body',
      `${NS}/events`,
      { method: 'POST', token: 'admin', rawBody: 'x', headers: { 'content-type': 'text/plain' } },
      415,
    ],
  ]
  test.each(cases)('%s', async (_, path, init, status) => {
    const answer = await server.request(path.replace('{event}', String(eventId)), {
      ...init,
      token: init.token === 'admin' ? admin : undefined,
    } as Parameters<TestServer['request']>[1])
    expect(answer.status).toBe(status)
    expect(
      Object.fromEntries(
        Object.keys(SECURITY_HEADERS).map((name) => [name, answer.headers.get(name)]),
      ),
    ).toEqual(SECURITY_HEADERS)
    expect(answer.headers.get('content-type')).toBe('application/json; charset=UTF-8')
    expect(banners(answer.headers)).toEqual([])
    if (status >= 400)
      expect(JSON.stringify(answer.body)).not.toMatch(/\bat \S+:\d+|node_modules|Error:/)
  })
})

test('a failure outside the namespace is a JSON 500 without a stack trace or the error message', async () => {
  const app = createHostServer(server.payload, () => {
    throw new Error('secret detail at /srv/app/file.ts:12')
  }).listen(0, '127.0.0.1')
  await new Promise((resolve) => app.once('listening', resolve))
  try {
    const response = await fetch(`http://127.0.0.1:${(app.address() as AddressInfo).port}/admin`)
    const text = await response.text()
    expect([response.status, JSON.parse(text)]).toEqual([
      500,
      { code: 'rest_internal_error', message: 'Something went wrong.', data: { status: 500 } },
    ])
    expect(banners(response.headers)).toEqual([])
  } finally {
    app.closeAllConnections()
    await new Promise((resolve) => app.close(resolve))
  }
})

test('the Next.js host does not announce itself either', async () => {
  const { default: nextConfig } = await import('../../next.config.mjs')
  expect(nextConfig.poweredByHeader).toBe(false)
})
