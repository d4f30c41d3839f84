/**
 * The plugin as a site owner gets it: the package is packed, installed into a fresh Payload site on PostgreSQL, added
 * to its config as the README says, migrated with Payload's own commands, built with Next.js's default bundler and
 * served by `next start` (and, last, `next dev`). Everything is checked over HTTP. A second site, on the oldest
 * Payload, Next.js and React that package.json admits, installs the same tarball and passes the essential checks.
 */
import type { AddressInfo } from 'node:net'

import { execFile } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

import { payloadHas } from '../../src/core/payloadFeatures.js'
import { launchChromium, testWithChromium } from '../helpers/chromium.js'
import {
  axeOnViews,
  findWithoutJavaScript,
  oneOfEachView,
  pagesOfEveryUrl,
  pathOf,
  viewsAndNamespace,
} from './pageChecks.js'
import { createTestDatabase, type TestDatabase } from '../helpers/database.js'
import { PNG } from '../helpers/png.js'
import { createSite, packPlugin, ROOT, type Site, type SiteProcess } from './site.js'
import { versionOf } from './versions.js'

const exec = promisify(execFile)
const NS = '/api/calendar/events/v1'
const EDITOR = { email: 'site-editor@example.com', password: 'a-long-site-password' }
const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots')

let work: string
let tarball: string
let database: TestDatabase
let site: Site
let server: SiteProcess
let token: string
let eventId: number
let oldestDatabase: TestDatabase
let oldestSite: Promise<Site>

const get = (pathname: string, headers: Record<string, string> = {}, at = server) =>
  fetch(`${at.url}${pathname}`, { headers })

async function json(pathname: string, init: RequestInit = {}, at = server) {
  const response = await fetch(`${at.url}${pathname}`, init)
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as any,
  }
}

const write = (pathname: string, body: unknown, at = server, as = token) =>
  json(
    pathname,
    {
      method: 'POST',
      headers: { authorization: `JWT ${as}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    at,
  )

const registerEditor = async (at: SiteProcess): Promise<string> =>
  (
    await json(
      '/api/users/first-register',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(EDITOR),
      },
      at,
    )
  ).body.token

/** The editor's login cookie, as the admin's login form gets it. */
async function signIn(at: SiteProcess): Promise<string> {
  const login = await fetch(`${at.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(EDITOR),
  })
  return login.headers
    .getSetCookie()
    .find((value) => value.startsWith('payload-token='))!
    .split(';')[0]
}

/**
 * The admin's calendar pages for a signed-in editor: the month view, the events list, the list of every date (whose
 * rows open their event: `formatDocURL`, which a Payload before 3.57 passes to the browser and fails on) and the
 * event's form.
 */
async function expectCalendarPages(at: SiteProcess, event: { id: number; title: string }) {
  const cookie = await signIn(at)
  const page = async (pathname: string) => {
    const response = await get(pathname, { cookie, 'sec-fetch-site': 'same-origin' }, at)
    return [pathname, response.status, await response.text()] as const
  }
  const pages = [
    [await page('/admin/calendar'), 'pec-calendar__grid'],
    [await page('/admin/collections/events'), event.title],
    [await page('/admin/collections/event-occurrences'), `/admin/collections/events/${event.id}`],
    [await page(`/admin/collections/events/${event.id}`), event.title],
  ] as const
  for (const [[pathname, status, html], shows] of pages) {
    expect([pathname, status]).toEqual([pathname, 200])
    expect(html).toContain(shows)
  }
}

/** The 20th of next month, as `yyyy-MM-dd`: ahead of now in every zone. */
function nextMonthDay(): string {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 20))
    .toISOString()
    .slice(0, 10)
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-site-'))
  database = await createTestDatabase()
  oldestDatabase = await createTestDatabase()
  tarball = await packPlugin(path.join(work, 'pack'))
  // The oldest site installs (mostly downloads) while this one builds (mostly computes); its tests await it.
  oldestSite = createSite(path.join(work, 'oldest'), tarball, oldestDatabase.uri, 'oldest')
  oldestSite.catch(() => undefined)
  site = await createSite(path.join(work, 'site'), tarball, database.uri)
  await site.run('payload', ['migrate'])
  await site.run('next', ['build'], 15 * 60_000)
  server = await site.serve('start')
  token = await registerEditor(server)
}, 30 * 60_000)

afterAll(async () => {
  await server?.stop()
  await oldestSite?.catch(() => undefined)
  await database?.drop()
  await oldestDatabase?.drop()
  if (work) fs.rmSync(work, { force: true, recursive: true })
})

describe('the package', () => {
  test('ships its built entry points, README and LICENSE only', async () => {
    const { stdout } = await exec('tar', ['-tzf', tarball])
    const files = stdout
      .trim()
      .split('\n')
      .map((file) => file.replace(/^package\//, ''))
    expect(files.filter((file) => !file.startsWith('dist/')).sort()).toEqual([
      'LICENSE',
      'README.md',
      'package.json',
    ])
    expect(
      files.filter((file) => !/\.(js|d\.ts|css)$/.test(file) && file.startsWith('dist/')),
    ).toEqual([])
    const manifest = JSON.parse(
      fs.readFileSync(
        path.join(site.dir, 'node_modules/payload-events-calendar/package.json'),
        'utf8',
      ),
    )
    for (const entry of Object.values(
      manifest.exports as Record<string, string | Record<string, string>>,
    )) {
      for (const file of typeof entry === 'string' ? [entry] : Object.values(entry)) {
        expect(files).toContain(file.replace(/^\.\//, ''))
      }
    }
  })

  test('installs no database adapter, express, tsx or second copy of Payload, Next.js or React', async () => {
    const { stdout } = await exec('npm', ['ls', '--all', '--json', 'payload-events-calendar'], {
      cwd: site.dir,
      maxBuffer: 64 << 20,
    })
    const tree = JSON.parse(stdout).dependencies['payload-events-calendar']
    const below = new Set<string>()
    const walk = (node: { dependencies?: Record<string, object> }) => {
      for (const [name, child] of Object.entries(node.dependencies ?? {})) {
        below.add(name)
        walk(child)
      }
    }
    walk(tree)
    const forbidden = [
      /^@payloadcms\/db-/,
      /^mongoose$/,
      /^pg$/,
      /^libsql$/,
      /^express$/,
      /^tsx$/,
      /^jsdom$/,
    ]
    expect([...below].filter((name) => forbidden.some((pattern) => pattern.test(name)))).toEqual([])
    expect(
      fs.existsSync(path.join(site.dir, 'node_modules/payload-events-calendar/node_modules')),
    ).toBe(false)
  })
})

describe('the site with the plugin, built by next build and served by next start', () => {
  test("the site's own pages and API keep working", async () => {
    expect(await (await get('/')).text()).toContain('Welcome to the site')
    expect((await json('/api/pages')).body).toMatchObject({ docs: [], totalDocs: 0 })
  })

  test('the admin answers, with the month view for a signed-in editor', async () => {
    expect((await get('/admin')).status).toBe(200)
    const month = await get('/admin/calendar', {
      cookie: await signIn(server),
      'sec-fetch-site': 'same-origin',
    })
    expect(month.status).toBe(200)
    expect(await month.text()).toContain('pec-calendar__grid')
  })

  test("the site's Payload has every feature the calendar uses: the start-up log says nothing is missing", () => {
    expect(server.output()).not.toMatch(/calendar: payload .* has no /)
  })

  test('an editor creates an event through the namespace and anyone reads it in each language', async () => {
    const day = nextMonthDay()
    const created = await write(`${NS}/events`, {
      title: 'Harbour Lights Concert',
      start_date: `${day} 19:30`,
      end_date: `${day} 21:30`,
      venue: { venue: 'Harbour Hall' },
      categories: ['Music'],
    })
    expect(created.status).toBe(201)
    const { id } = created.body
    eventId = id
    expect(
      (await write(`${NS}/events/${id}?ml_language=zh-hant`, { title: '港灣燈光音樂會' })).status,
    ).toBe(200)

    const list = await json(`${NS}/events`)
    expect(list.body.events.map((event: { title: string }) => event.title)).toEqual([
      'Harbour Lights Concert',
    ])
    expect(list.body.rest_url.startsWith(`${server.url}${NS}/events`)).toBe(true)
    expect((await json(`${NS}/events/${id}?ml_language=zh-hant`)).body.title).toBe('港灣燈光音樂會')
    expect((await json(`/zh-hant${NS}/events/${id}`)).body.title).toBe('港灣燈光音樂會')
    expect((await json(`/zh-hant${NS}/events/${id}?ml_language=en`)).body.title).toBe(
      'Harbour Lights Concert',
    )
    expect(
      (await json(`${NS}/events/${id}`, { headers: { 'x-calendar-language-prefix': 'zh-hant' } }))
        .body.title,
    ).toBe('Harbour Lights Concert')
    expect((await json(`${NS}/events?categories=music`)).body.total).toBe(1)
    expect((await json(`${NS}/events?search=lights`)).body.total).toBe(1)
  })

  test("the admin's calendar pages show the event to a signed-in editor", async () => {
    await expectCalendarPages(server, { id: eventId, title: 'Harbour Lights Concert' })
  })

  test("images given by URL are stored in the site's own media collection, whose alt text is required", async () => {
    const images = http.createServer((_, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
    )
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
    try {
      const origin = `http://127.0.0.1:${(images.address() as AddressInfo).port}`
      const day = nextMonthDay()
      const created = await write(`${NS}/events`, {
        title: 'Lantern Walk',
        start_date: `${day} 18:00`,
        end_date: `${day} 20:00`,
        image: `${origin}/lanterns.png`,
        organizer: { organizer: 'Lantern Society', image: `${origin}/society.png` },
      })
      expect(created.status).toBe(201)
      const alt = async (id: number) =>
        (await json(`/api/media/${id}`, { headers: { authorization: `JWT ${token}` } })).body.alt
      expect(await alt(created.body.image.id)).toBe('Lantern Walk')
      expect(await alt(created.body.organizer[0].image.id)).toBe('Lantern Society')
      // Out of the lists the later tests read.
      const trashed = await json(`${NS}/events/${created.body.id}`, {
        method: 'DELETE',
        headers: { authorization: `JWT ${token}` },
      })
      expect(trashed.status).toBe(200)
    } finally {
      images.closeAllConnections()
      await new Promise((resolve) => images.close(resolve))
    }
  })

  test('anonymous reads carry an ETag, are answered 304, and change with the calendar', async () => {
    const first = await get(`${NS}/venues`)
    const etag = first.headers.get('etag')!
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10')
    expect(first.headers.get('vary')).toMatch(/Origin, Authorization/)
    expect((await get(`${NS}/venues`, { 'if-none-match': etag })).status).toBe(304)
    expect((await write(`${NS}/venues`, { venue: 'Star Ferry Pier' })).status).toBe(201)
    const after = await get(`${NS}/venues`, { 'if-none-match': etag })
    expect(after.status).toBe(200)
    expect(((await after.json()) as { total: number }).total).toBe(2)
  })

  test('anonymous reads are answered from memory until the calendar changes', async () => {
    const cost = async (headers: Record<string, string> = {}) =>
      ((await (await get(`${NS}/events/${eventId}`, headers)).json()) as { cost: string }).cost
    expect(await cost()).toBe('')
    // Behind the calendar's back: no hook runs, so nothing tells the cache.
    const client = new pg.Client({ connectionString: database.uri })
    await client.connect()
    await client.query(`UPDATE events SET cost = '99' WHERE id = $1`, [eventId])
    await client.end()
    expect(await cost()).toBe('')
    expect(await cost({ authorization: `JWT ${token}` })).toBe('$99')
    expect((await write(`${NS}/tags`, { name: 'Outdoors' })).status).toBe(201)
    expect(await cost()).toBe('$99')
  })

  test('namespace answers carry the security headers, also for malformed escapes and unknown routes', async () => {
    const cases: [string, number, string | null][] = [
      [`${NS}/events`, 200, null],
      [`${NS}/events/%ZZ`, 404, 'rest_no_route'],
      [`${NS}/events/by-slug/%E0%A4%A`, 400, 'rest_invalid_param'],
      [`${NS}/no/such/route`, 404, 'rest_no_route'],
    ]
    for (const [pathname, status, code] of cases) {
      const response = await get(pathname)
      expect([pathname, response.status]).toEqual([pathname, status])
      expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      )
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      if (code) expect(((await response.json()) as { code: string }).code).toBe(code)
    }
  })

  test("the plugin's indexes are in the database, on its own tables only", async () => {
    const client = new pg.Client({ connectionString: database.uri })
    await client.connect()
    try {
      const { rows } = await client.query<{
        indexname: string
        indexdef: string
        tablename: string
      }>(`SELECT indexname, indexdef, tablename FROM pg_indexes WHERE schemaname = 'public'`)
      const names = rows.map((row) => row.indexname)
      for (const name of [
        'events_id_list_idx',
        'events_locales_parent_idx',
        'venues_locales_parent_idx',
        'event_categories_locales_parent_idx',
        'events_rels_event_categories_path_parent_idx',
        'events_rels_venues_path_parent_idx',
      ]) {
        expect(names).toContain(name)
      }
      const trigram = rows.find((row) => row.indexname === 'events_search_text_trgm_idx')!
      expect(trigram.indexdef).toMatch(/USING gin \(search_text gin_trgm_ops\)/)
      const calendarTables =
        /^(events|event_occurrences|venues|organizers|event_categories|event_tags|media)(_locales|_rels)?$/
      const added = rows.filter(
        (row) =>
          /_(parent|path_parent|id_list)_idx$/.test(row.indexname) &&
          !/_rels_parent_idx$/.test(row.indexname),
      )
      expect(
        added.filter((row) => !calendarTables.test(row.tablename)).map((row) => row.indexname),
      ).toEqual([])
    } finally {
      await client.end()
    }
  })
})

describe("the calendar's pages on the site, as its README adds them", () => {
  let occurrences: string[]

  beforeAll(async () => {
    const day = nextMonthDay()
    const created = await write(`${NS}/events`, {
      title: 'Harbour Swim Club',
      start_date: `${day} 07:00`,
      end_date: `${day} 08:00`,
      venue: { venue: 'Harbour Hall' },
      organizer: { organizer: 'Harbour Swimmers' },
      categories: ['Music'],
      tags: ['Outdoors'],
      recurrence: 'FREQ=DAILY;COUNT=3',
    })
    expect(created.status).toBe(201)
    const { events } = (await json(`${NS}/events?include=${created.body.id}`)).body
    occurrences = events.map((event: { url: string }) => event.url)
  })

  test('every url of the namespace is a page with its record on it, in each language', async () => {
    const { failures, pages } = await pagesOfEveryUrl(server.url)
    expect(failures).toEqual([])
    expect(pages).toBeGreaterThan(20)
  })

  test('the sitemap lists the pages in each language', async () => {
    const sitemap = await (await get('/sitemap.xml')).text()
    expect(sitemap).toContain('/event/harbour-swim-club/</loc>')
    expect(sitemap).toContain('hreflang="zh-Hant-TW" href="')
  })

  testWithChromium(
    'the views list what the namespace lists, work without JavaScript, and axe-core finds nothing in them',
    async () => {
      const browser = await launchChromium()
      try {
        const day = pathOf(occurrences[0]!).match(/(\d{4}-\d{2}-\d{2})\/$/)![1]!
        const views = await viewsAndNamespace(browser, server.url, {
          month: day.slice(0, 7),
          day,
          zone: '+08:00',
        })
        expect(views.list).toEqual(views.listed)
        expect(views.month).toEqual(views.monthListed)
        expect(views.day).toEqual(views.dayListed)
        expect(views.day.length).toBeGreaterThan(0)
        expect(await findWithoutJavaScript(browser, server.url, 'swim')).toEqual({
          title: 'Harbour Swim Club',
          rule: 'Every day, 3 times',
        })
        const all = await oneOfEachView(server.url, occurrences[0]!)
        expect(await axeOnViews(browser, server.url, all, ['en', 'zh-hant'], 1280)).toEqual([])
      } finally {
        await browser.close()
      }
    },
    5 * 60_000,
  )

  test('a title changed through the namespace shows on the next request', async () => {
    const page = pathOf(occurrences[1]!)
    expect(await (await get(page)).text()).toContain('Harbour Swim Club')
    const id = (await json(`${NS}/events/by-slug/harbour-swim-club`)).body.recurrence.series_id
    expect((await write(`${NS}/events/${id}`, { title: 'Harbour Swim Club at Dawn' })).status).toBe(
      200,
    )
    expect(await (await get(page)).text()).toContain('Harbour Swim Club at Dawn')
    expect((await get('/event/no-such-event/')).status).toBe(404)
  })

  afterAll(async () => {
    // Out of the lists the later tests read.
    const id = (await json(`${NS}/events/by-slug/harbour-swim-club`)).body.recurrence.series_id
    await json(`${NS}/events/${id}`, {
      method: 'DELETE',
      headers: { authorization: `JWT ${token}` },
    })
  })
})

describe('the site under next dev', () => {
  let dev: SiteProcess

  beforeAll(async () => {
    await server.stop()
    dev = await site.serve('dev')
  }, 5 * 60_000)

  afterAll(async () => {
    await dev?.stop()
  })

  test(
    'serves the namespace',
    async () => {
      // next dev compiles the API route on its first request, which on a busy machine can outlast the 30 s next dev
      // gives a rewritten request (the language prefix, rewritten by proxy.ts); a direct request has no such limit.
      await fetch(`${dev.url}${NS}`)
      const response = await fetch(`${dev.url}/zh-hant${NS}/events`)
      // A failure here happens inside next dev: what it printed is the only account of it.
      if (response.status !== 200)
        throw new Error(`next dev answered ${response.status}:\n${dev.output().slice(-8000)}`)
      expect(
        ((await response.json()) as { events: { title: string }[] }).events.map(
          (event) => event.title,
        ),
      ).toEqual(['港灣燈光音樂會'])
    },
    5 * 60_000,
  )

  testWithChromium(
    'the events list shows each venue and Next.js reports no issue',
    async () => {
      const browser = await launchChromium()
      try {
        const page = await browser.newPage({ viewport: { height: 900, width: 1440 } })
        const errors: string[] = []
        page.on('console', (message) => {
          if (message.type() === 'error' && /hydrat/i.test(message.text()))
            errors.push(message.text())
        })
        page.setDefaultTimeout(4 * 60_000)
        await page.goto(`${dev.url}/admin/login`)
        await page.fill('#field-email', EDITOR.email)
        await page.fill('#field-password', EDITOR.password)
        await page.click('button[type=submit]')
        await page.waitForURL(/\/admin$/)
        await page.goto(`${dev.url}/admin/collections/events`)
        await page.waitForURL(/where/)
        await page.locator('.cell-venue', { hasText: 'Harbour Hall' }).waitFor()
        // Long enough for the development overlay to count what it found.
        await page.waitForTimeout(3_000)
        fs.mkdirSync(SCREENSHOTS, { recursive: true })
        await page.screenshot({
          fullPage: true,
          path: path.join(SCREENSHOTS, 'site-events-list-dev.png'),
        })
        expect(await page.getByText(/^\d+ Issues?$/).count()).toBe(0)
        expect(errors).toEqual([])
      } finally {
        await browser.close()
      }
    },
    8 * 60_000,
  )
})

describe('a site on the oldest versions package.json admits, with the same tarball', () => {
  let oldest: Site
  let oldestServer: SiteProcess
  let oldestToken: string

  beforeAll(async () => {
    oldest = await oldestSite
    await oldest.run('payload', ['migrate'])
    await oldest.run('next', ['build'], 15 * 60_000)
    oldestServer = await oldest.serve('start')
    oldestToken = await registerEditor(oldestServer)
  }, 30 * 60_000)

  afterAll(async () => {
    await oldestServer?.stop()
  })

  test('a plain npm install gives it the lower bound of each peer range, Next.js 15 among them', () => {
    const installed = (name: string) =>
      JSON.parse(
        fs.readFileSync(path.join(oldest.dir, 'node_modules', name, 'package.json'), 'utf8'),
      ).version
    const peers = ['payload', '@payloadcms/next', '@payloadcms/ui', 'next', 'react', 'react-dom']
    expect(peers.map(installed)).toEqual(peers.map((name) => versionOf(name, 'oldest')))
    expect(installed('next')).toMatch(/^15\./)
  })

  test('the namespace lists and takes a write, and middleware.ts serves the language prefix', async () => {
    const day = nextMonthDay()
    const created = await write(
      `${NS}/events`,
      { title: 'Old Town Recital', start_date: `${day} 19:00`, end_date: `${day} 21:00` },
      oldestServer,
      oldestToken,
    )
    expect(created.status).toBe(201)
    const { id } = created.body
    expect(
      (
        await write(
          `${NS}/events/${id}?ml_language=zh-hant`,
          { title: '老城獨奏會' },
          oldestServer,
          oldestToken,
        )
      ).status,
    ).toBe(200)
    const list = await json(`${NS}/events`, {}, oldestServer)
    expect(list.body.events.map((event: { id: number }) => event.id)).toEqual([id])
    expect((await json(`/zh-hant${NS}/events/${id}`, {}, oldestServer)).body.title).toBe(
      '老城獨奏會',
    )
    await expectCalendarPages(oldestServer, { id, title: 'Old Town Recital' })
    const page = await get(`/zh-hant/event/${created.body.slug}/`, {}, oldestServer)
    expect([page.status, await page.text()]).toEqual([200, expect.stringContaining('老城獨奏會')])
    const month = await get(`/events/month/${day.slice(0, 7)}/`, {}, oldestServer)
    expect([month.status, await month.text()]).toEqual([
      200,
      expect.stringContaining('Old Town Recital'),
    ])
  })

  test('an untranslated field falls back to the default locale; the start-up log names what this Payload lacks', async () => {
    const day = nextMonthDay()
    const created = await write(
      `${NS}/events`,
      { title: 'Harbour Poetry', start_date: `${day} 18:00`, end_date: `${day} 19:00` },
      oldestServer,
      oldestToken,
    )
    expect(created.status).toBe(201)
    // Payload's own REST reads through Payload's fallback, which before 3.60 took a list of locales for none at all.
    const read = await json(
      `/api/events/${created.body.id}?locale=zh-hans`,
      { headers: { authorization: `JWT ${oldestToken}` } },
      oldestServer,
    )
    expect(read.body.title).toBe('Harbour Poetry')
    const payload = versionOf('payload', 'oldest')
    expect(
      oldestServer
        .output()
        .includes(`calendar: payload ${payload} has no chains of fallback locales`),
    ).toBe(!payloadHas('fallbackChains', payload))
  })
})
