/**
 * The calendar's pages as visitors meet them, on the development host from its production build (`npm start`):
 * every `url` the namespace answers is a page with its record on it, in each language; the views show what the
 * namespace lists for the same window; everything works with JavaScript off; axe-core finds nothing in any view in
 * any language; a write shows on the next request.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'

import { describeWithChromium, launchChromium } from '../helpers/chromium.js'
import { type AdminServer, startAdminServer } from '../helpers/hostProcess.js'
import { ROOT, runScript } from '../helpers/run.js'

const NS = '/api/calendar/events/v1'
const ADMIN = { email: 'pages-admin@example.com', password: 'a-long-pages-password' }
const LANGUAGES = ['en', 'zh-hans', 'zh-hant'] as const
const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots')
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

let server: AdminServer
let browser: Browser
let token: string
let series: { id: number; title: string; occurrences: string[] }

const url = (pathname: string) => `${server.url}${pathname}`
const api = async (pathname: string, init: { method?: string; body?: unknown } = {}) => {
  const response = await fetch(url(`${NS}${pathname}`), {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      authorization: `JWT ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  })
  return { status: response.status, body: (await response.json()) as any }
}
/** An anonymous visitor's read of the namespace, as the pages read it. */
const anonymous = async (pathname: string) =>
  (await (await fetch(url(`${NS}${pathname}`))).json()) as any
const pathOf = (absolute: string) => new URL(absolute).pathname

/** The first day of next month and of the month after, `yyyy-MM-dd`. */
function nextMonth(offset = 1): string {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1))
    .toISOString()
    .slice(0, 10)
}

describeWithChromium("the calendar's pages", () => {
  beforeAll(async () => {
    server = await startAdminServer(ADMIN)
    const seeded = await runScript('seed', ['--demo'], server.database.uri)
    expect(seeded.code).toBe(0)
    token = (
      await (
        await fetch(url('/api/users/login'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        })
      ).json()
    ).token
    const month = nextMonth()
    const created = await api('/events', {
      body: {
        title: 'Riverside Yoga',
        status: 'publish',
        timezone: 'Asia/Hong_Kong',
        start_date: `${month} 07:00`,
        end_date: `${month} 08:00`,
        recurrence: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=6',
        categories: ['music'],
      },
    })
    expect(created.status).toBe(201)
    await api(`/events/${created.body.id}?ml_language=zh-hant`, { body: { title: '河畔瑜伽' } })
    const listed = await api(`/events?include=${created.body.id}`)
    series = {
      id: created.body.id,
      title: 'Riverside Yoga',
      occurrences: listed.body.events.map((event: { url: string }) => event.url),
    }
    browser = await launchChromium()
    fs.mkdirSync(SCREENSHOTS, { recursive: true })
  }, 20 * 60_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  test('every url of the namespace is a page with its record on it, in each language', async () => {
    const failures: string[] = []
    const lists = [
      ['/events?per_page=50', 'events', 'title'],
      ['/venues?per_page=50', 'venues', 'venue'],
      ['/organizers?per_page=50', 'organizers', 'organizer'],
      ['/categories?per_page=50&hide_empty=0', 'categories', 'name'],
      ['/tags?per_page=50&hide_empty=0', 'tags', 'name'],
    ] as const
    let pages = 0
    for (const language of LANGUAGES) {
      for (const [list, key, name] of lists) {
        const { [key]: records } = await anonymous(`${list}&ml_language=${language}`)
        expect(records.length).toBeGreaterThan(0)
        for (const record of records) {
          const response = await fetch(record.url)
          const html = await response.text()
          pages++
          if (response.status !== 200 || !html.includes(record[name]))
            failures.push(`${record.url}: ${response.status}, ${record[name]} not on it`)
        }
      }
    }
    expect(failures).toEqual([])
    // The recurring event's own dates each have a page, in every language.
    expect(series.occurrences.length).toBe(6)
    expect(pages).toBeGreaterThan(60)
  })

  test('the list, month and day views show exactly what the namespace lists for the same window', async () => {
    const linked = async (pathname: string, selector: string) => {
      const page = await browser.newPage()
      await page.goto(url(pathname))
      const hrefs = await page
        .locator(selector)
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
      await page.close()
      return hrefs
    }
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ')
    const upcoming = await anonymous(`/events?ends_after=${now}&strict_dates=1&per_page=10`)
    expect(await linked('/events/list/', '.pec-event-card__title a')).toEqual(
      upcoming.events.map((event: { url: string }) => pathOf(event.url)),
    )
    const first = nextMonth()
    const last = new Date(Date.parse(`${nextMonth(2)}T00:00:00Z`) - 1000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ')
    const inMonth = await anonymous(
      `/events?ends_after=${first} 00:00:00&starts_before=${last}&strict_dates=1&per_page=50`,
    )
    const month = await linked(`/events/month/${first.slice(0, 7)}/`, '.pec-month__event a')
    expect([...new Set(month)].sort()).toEqual(
      inMonth.events.map((event: { url: string }) => pathOf(event.url)).sort(),
    )
    expect(month).toEqual(expect.arrayContaining(series.occurrences.map(pathOf)))
    const day = series.occurrences[0]!.match(/(\d{4}-\d{2}-\d{2})\/$/)![1]!
    const onDay = await anonymous(
      `/events?ends_after=${day} 00:00:00&starts_before=${day} 23:59:59&strict_dates=1`,
    )
    expect(await linked(`/events/${day}/`, '.pec-event-card__title a')).toEqual(
      onDay.events.map((event: { url: string }) => pathOf(event.url)),
    )
  })

  test('a visitor without JavaScript moves between views, finds an event by keyword and opens it', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(url('/events/'))
    await page.getByRole('link', { name: 'Month', exact: true }).click()
    await page.getByRole('link', { name: 'Next month' }).click()
    await expect(page.locator('.pec-month__caption').textContent()).resolves.toMatch(/\d{4}/)
    await page.getByLabel('Keyword').fill('yoga')
    await page.getByRole('button', { name: 'Find events' }).click()
    await page.waitForURL(/tribe-bar-search=yoga/)
    await page.getByRole('link', { name: 'List', exact: true }).click()
    await page.waitForURL(/\/events\/\?tribe-bar-search=yoga$/)
    await page.locator('.pec-event-card__title a').first().click()
    await expect(page.locator('h1').textContent()).resolves.toBe(series.title)
    await expect(page.locator('.pec-event__rule').textContent()).resolves.toMatch(
      /^Every week on Tuesday and Thursday, 6 times$/,
    )
    await page.getByRole('link', { name: 'Download .ics' }).waitFor()
    await context.close()
  })

  /** Runs axe-core on the page: WCAG 2.2 A and AA. */
  async function violationsOn(page: Page): Promise<string[]> {
    await page.addScriptTag({ path: AXE })
    return page.evaluate(async () => {
      const axe = (window as unknown as { axe: any }).axe
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      })
      return result.violations.map(
        (violation: { id: string; nodes: { target: string[] }[] }) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      )
    })
  }

  test('axe-core finds no violation in any view, in each language, wide and narrow', async () => {
    const venue = pathOf((await anonymous('/venues')).venues[0].url)
    const organizer = pathOf((await anonymous('/organizers')).organizers[0].url)
    const category = pathOf((await anonymous('/categories?hide_empty=0')).categories[0].url)
    const tag = pathOf((await anonymous('/tags?hide_empty=0')).tags[0].url)
    const views = [
      '/events/',
      `/events/month/${nextMonth().slice(0, 7)}/`,
      `/events/${series.occurrences[0]!.match(/(\d{4}-\d{2}-\d{2})\/$/)![1]}/`,
      pathOf(series.occurrences[0]!),
      venue,
      organizer,
      category,
      tag,
    ]
    const found: string[] = []
    for (const [width, languages] of [
      [1280, LANGUAGES],
      [360, ['zh-hant']],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height: 900 } })
      for (const language of languages)
        for (const view of views) {
          const pathname = language === 'en' ? view : `/${language}${view}`
          await page.goto(url(pathname))
          found.push(
            ...(await violationsOn(page)).map((violation) => `${pathname} @${width}: ${violation}`),
          )
        }
      await page.close()
    }
    expect(found).toEqual([])
  })

  test('screenshots of each view, wide and at 360 px, one in Chinese', async () => {
    const shots = [
      ['site-list', '/events/', 1280],
      ['site-month', `/events/month/${nextMonth().slice(0, 7)}/`, 1280],
      ['site-month-360', `/events/month/${nextMonth().slice(0, 7)}/`, 360],
      ['site-day', `/events/${series.occurrences[0]!.match(/(\d{4}-\d{2}-\d{2})\/$/)![1]}/`, 1280],
      ['site-event-zh-hant', `/zh-hant${pathOf(series.occurrences[0]!)}`, 1280],
      ['site-event-360', pathOf(series.occurrences[0]!), 360],
    ] as const
    for (const [name, pathname, width] of shots) {
      const page = await browser.newPage({ viewport: { width, height: 900 } })
      const response = await page.goto(url(pathname))
      expect([pathname, response?.status()]).toEqual([pathname, 200])
      await page.screenshot({ fullPage: true, path: path.join(SCREENSHOTS, `${name}.png`) })
      await page.close()
    }
  })

  test('a title changed through the namespace shows on the next request; an unknown page is a 404', async () => {
    const page = pathOf(series.occurrences[1]!)
    expect(await (await fetch(url(page))).text()).toContain(series.title)
    expect(
      (await api(`/events/${series.id}`, { body: { title: 'Riverside Yoga at Dawn' } })).status,
    ).toBe(200)
    const after = await (await fetch(url(page))).text()
    expect(after).toContain('Riverside Yoga at Dawn')
    expect(await (await fetch(url('/zh-hant/events/'))).text()).toContain('河畔瑜伽')
    for (const missing of ['/event/no-such-event/', '/venue/nowhere/', '/events/category/none/'])
      expect([missing, (await fetch(url(missing))).status]).toEqual([missing, 404])
  })
})
