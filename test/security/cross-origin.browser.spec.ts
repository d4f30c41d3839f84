/**
 * CORS in a real browser (Debian's Chromium, driven by playwright-core): a page on another site reads the
 * calendar and its `X-TEC-Total`, and writes with a token in a header after a preflight; its fetch with cookies is
 * blocked unless the host lists its origin. Skipped where Chromium is not installed.
 */
import type { AddressInfo } from 'node:net'

import http from 'node:http'
import type { Browser, Page } from 'playwright-core'

import { createCalendar } from '../helpers/calendar.js'
import { describeWithChromium, launchChromium } from '../helpers/chromium.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'

/** Serves an empty page on loopback; the browser reaches it under several site names. */
async function startPageHost(): Promise<http.Server> {
  const host = http.createServer((_, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>widget</title>'),
  )
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  return host
}

describeWithChromium('a page on another site', () => {
  let pages: http.Server
  let server: TestServer
  let browser: Browser
  let token: string
  const origin = (site: string) => `http://${site}:${(pages.address() as AddressInfo).port}`

  beforeAll(async () => {
    pages = await startPageHost()
    server = await startTestServer(
      {},
      { cors: [origin('partner.example')], csrf: [origin('partner.example')] },
    )
    token = await registerFirstUser(server)
    await createCalendar(server.payload)
    browser = await launchChromium([
      '--host-resolver-rules=MAP widget.example 127.0.0.1, MAP partner.example 127.0.0.1',
    ])
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    pages?.close()
  })

  /** Opens a page of `site` and runs `fetch(url, init)` in it: the status, `X-TEC-Total` and body, or the error. */
  async function fetchFrom(site: string, url: string, init: Record<string, unknown> = {}) {
    const page: Page = await browser.newPage()
    try {
      await page.goto(origin(site))
      return await page.evaluate(
        async ([url, init]) => {
          try {
            const response = await fetch(url as string, init as RequestInit)
            return {
              status: response.status,
              total: response.headers.get('X-TEC-Total'),
              body: await response.json(),
            }
          } catch (error) {
            return { error: String(error) }
          }
        },
        [url, init],
      )
    } finally {
      await page.close()
    }
  }

  test('reads a list and its X-TEC-Total', async () => {
    const answer = await fetchFrom('widget.example', `${server.url}${NS}/events?per_page=2`)
    expect(answer).toMatchObject({ status: 200, total: expect.stringMatching(/^\d+$/) })
    expect('body' in answer && answer.body.events).toHaveLength(2)
    expect('body' in answer && String(answer.body.total)).toBe('total' in answer && answer.total)
  })

  test('writes with a token in a header, after a preflight', async () => {
    const answer = await fetchFrom('widget.example', `${server.url}${NS}/venues`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ venue: 'Widget Hall' }),
    })
    expect(answer).toMatchObject({ status: 201, body: { venue: 'Widget Hall' } })
  })

  test('a fetch with cookies is blocked for an unlisted site and allowed for a listed one', async () => {
    const url = `${server.url}${NS}/events?per_page=1`
    expect(await fetchFrom('widget.example', url, { credentials: 'include' })).toEqual({
      error: expect.stringMatching(/Failed to fetch/),
    })
    expect(await fetchFrom('partner.example', url, { credentials: 'include' })).toMatchObject({
      status: 200,
    })
  })
})
