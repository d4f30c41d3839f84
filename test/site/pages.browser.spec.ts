/**
 * The calendar's pages as visitors meet them, on the development host from its production build (`npm start`):
 * every `url` the namespace answers is a page with its record on it, in each language; the views show what the
 * namespace lists for the same window; everything works with JavaScript off; axe-core finds nothing in any view in
 * any language, wide and narrow; a write shows on the next request. `pageChecks.ts` has the checks, which the
 * generated site's spec runs too.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'

import { describeWithChromium, launchChromium } from '../helpers/chromium.js'
import { type AdminServer, startAdminServer } from '../helpers/hostProcess.js'
import { ROOT, runScript } from '../helpers/run.js'
import {
  axeOnViews,
  findWithoutJavaScript,
  LANGUAGES,
  monthStart,
  oneOfEachView,
  pagesOfEveryUrl,
  pathOf,
  viewsAndNamespace,
} from './pageChecks.js'

const NS = '/api/calendar/events/v1'
const ADMIN = { email: 'pages-admin@example.com', password: 'a-long-pages-password' }
const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots')

let server: AdminServer
let browser: Browser
let token: string
let series: { id: number; occurrences: string[] }

const url = (pathname: string) => `${server.url}${pathname}`
const write = async (pathname: string, body: unknown) => {
  const response = await fetch(url(`${NS}${pathname}`), {
    method: 'POST',
    headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as any }
}

describeWithChromium("the calendar's pages", () => {
  beforeAll(async () => {
    server = await startAdminServer(ADMIN)
    expect((await runScript('seed', ['--demo'], server.database.uri)).code).toBe(0)
    const login = await fetch(url('/api/users/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    token = ((await login.json()) as { token: string }).token
    const created = await write('/events', {
      title: 'Riverside Yoga',
      status: 'publish',
      timezone: 'Asia/Hong_Kong',
      start_date: `${monthStart(1)} 07:00`,
      end_date: `${monthStart(1)} 08:00`,
      recurrence: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=6',
      categories: ['music'],
    })
    expect(created.status).toBe(201)
    expect(
      (await write(`/events/${created.body.id}?ml_language=zh-hant`, { title: '河畔瑜伽' })).status,
    ).toBe(200)
    const listed = await fetch(url(`${NS}/events?include=${created.body.id}`))
    const { events } = (await listed.json()) as { events: { url: string }[] }
    series = { id: created.body.id, occurrences: events.map((event) => event.url) }
    browser = await launchChromium()
    fs.mkdirSync(SCREENSHOTS, { recursive: true })
  }, 20 * 60_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  test('every url of the namespace is a page with its record on it, in each language', async () => {
    const { failures, pages } = await pagesOfEveryUrl(server.url)
    expect(failures).toEqual([])
    expect(series.occurrences).toHaveLength(6)
    expect(pages).toBeGreaterThan(60)
  })

  test('the list, month and day views show exactly what the namespace lists for the same window', async () => {
    const day = pathOf(series.occurrences[0]!).match(/(\d{4}-\d{2}-\d{2})\/$/)![1]!
    const views = await viewsAndNamespace(browser, server.url, {
      month: day.slice(0, 7),
      day,
      zone: 'Z',
    })
    expect(views.list).toEqual(views.listed)
    expect(views.month).toEqual(views.monthListed)
    expect(views.month).toEqual(expect.arrayContaining(series.occurrences.map(pathOf)))
    expect(views.day).toEqual(views.dayListed)
    expect(views.day.length).toBeGreaterThan(0)
  })

  test('a visitor without JavaScript moves between views, finds an event by keyword and opens it', async () => {
    expect(await findWithoutJavaScript(browser, server.url, 'yoga')).toEqual({
      title: 'Riverside Yoga',
      rule: 'Every week on Tuesday and Thursday, 6 times',
    })
  })

  test('axe-core finds no violation in any view, in each language, wide and narrow', async () => {
    const views = await oneOfEachView(server.url, series.occurrences[0]!)
    expect([
      ...(await axeOnViews(browser, server.url, views, LANGUAGES, 1280)),
      ...(await axeOnViews(browser, server.url, views, ['zh-hant'], 360)),
    ]).toEqual([])
  })

  test('screenshots of each view, wide and at 360 px, one in Chinese', async () => {
    const [list, month, day, event] = await oneOfEachView(server.url, series.occurrences[0]!)
    const shots = [
      ['site-list', list, 1280],
      ['site-month', month, 1280],
      ['site-month-360', month, 360],
      ['site-day', day, 1280],
      ['site-event-zh-hant', `/zh-hant${event}`, 1280],
      ['site-event-360', event, 360],
    ] as const
    for (const [name, pathname, width] of shots) {
      const page = await browser.newPage({ viewport: { width, height: 900 } })
      const response = await page.goto(url(pathname!))
      expect([pathname, response?.status()]).toEqual([pathname, 200])
      await page.screenshot({ fullPage: true, path: path.join(SCREENSHOTS, `${name}.png`) })
      await page.close()
    }
  })

  test("a draft's page opens only in draft mode, which the admin's Preview button turns on for a signed-in user", async () => {
    const draft = await write('/events', {
      title: 'Unannounced Rehearsal',
      status: 'draft',
      start_date: `${monthStart(1)} 18:00`,
      end_date: `${monthStart(1)} 20:00`,
    })
    expect(draft.status).toBe(201)
    const stored = await fetch(url(`/api/events/${draft.body.id}`), {
      headers: { authorization: `JWT ${token}` },
    })
    const page = `/event/${((await stored.json()) as { slug: string }).slug}/`
    expect((await fetch(url(page))).status).toBe(404)
    const preview = `/calendar-preview?path=${encodeURIComponent(page)}`
    const anonymous = await fetch(url(preview), { redirect: 'manual' })
    expect(anonymous.status).toBe(307)
    expect(anonymous.headers.get('location')).toMatch(/^\/admin\/login\?redirect=/)
    for (const elsewhere of [
      '//elsewhere.example/',
      '/\\elsewhere.example/',
      '/x\r\nSet-Cookie: a=b',
    ]) {
      const refused = await fetch(url(`/calendar-preview?path=${encodeURIComponent(elsewhere)}`))
      expect([
        elsewhere,
        refused.status,
        ((await refused.json()) as { code: string }).code,
      ]).toEqual([elsewhere, 400, 'rest_invalid_param'])
    }

    const context = await browser.newContext()
    await context.addCookies([{ name: 'payload-token', value: token, url: server.url }])
    const tab = await context.newPage()
    expect((await tab.goto(url(page)))!.status()).toBe(404)
    await tab.goto(url(`/admin/collections/events/${draft.body.id}`))
    const button = await tab.locator('#preview-button').getAttribute('href')
    expect(button).toBe(preview)
    expect((await tab.goto(url(button!)))!.status()).toBe(200)
    expect(new URL(tab.url()).pathname).toBe(page)
    await expect(tab.locator('h1').textContent()).resolves.toContain('Unannounced Rehearsal')
    await tab.goto(url(`${preview}&draft=0`))
    expect((await tab.goto(url(page)))!.status()).toBe(404)
    await context.close()
  })

  test('a title changed through the namespace shows on the next request; an unknown page is a 404', async () => {
    const page = url(pathOf(series.occurrences[1]!))
    expect(await (await fetch(page)).text()).toContain('Riverside Yoga')
    expect((await write(`/events/${series.id}`, { title: 'Riverside Yoga at Dawn' })).status).toBe(
      200,
    )
    expect(await (await fetch(page)).text()).toContain('Riverside Yoga at Dawn')
    expect(await (await fetch(url('/zh-hant/events/'))).text()).toContain('河畔瑜伽')
    for (const missing of ['/event/no-such-event/', '/venue/nowhere/', '/events/category/none/'])
      expect([missing, (await fetch(url(missing))).status]).toEqual([missing, 404])
  })
})
