import { importTecSite } from '../../src/import/tec/importTec.js'
import { createTestDatabase, type TestDatabase } from '../helpers/database.js'
import { type HostProcess, startHostProcess } from '../helpers/hostProcess.js'
import { createUserByScript, runScript } from '../helpers/run.js'
import { startTestServer, type TestServer } from '../helpers/server.js'

const NS = '/api/calendar/events/v1'
const LANGUAGES = ['en', 'zh-hans', 'zh-hant']
const EVERY_DATE = 'start_date=1900-01-01&end_date=2999-12-31'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ timezone: 'Asia/Hong_Kong' })
})
afterAll(() => server?.stop())

describe('importing a site of this project', () => {
  let source: HostProcess
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase()
    const seeded = await runScript('seed', ['--demo'], database.uri)
    expect(seeded.code).toBe(0)
    // An event written in English only: its other languages answer with the English fallback.
    const editor = { email: 'round-trip@example.test', password: 'a-long-round-trip-password' }
    await createUserByScript(database.uri, editor)
    source = await startHostProcess(database.uri, { admin: false })
    const login = await fetch(`${source.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(editor),
    }).then((response) => response.json())
    const written = await fetch(`${source.url}${NS}/events`, {
      method: 'POST',
      headers: { authorization: `JWT ${login.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Untranslated Evening',
        excerpt: 'Only in English',
        start_date: '2026-12-01 19:00',
        end_date: '2026-12-01 21:00',
      }),
    })
    expect(written.status).toBe(201)
    // A recurring event with an extra and an excluded date, and one occurrence cancelled on its own.
    const write = (path: string, method: string, body?: object) =>
      fetch(`${source.url}${NS}${path}`, {
        method,
        headers: { authorization: `JWT ${login.token}`, 'content-type': 'application/json' },
        body: body && JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: await response.json() }))
    const series = await write('/events', 'POST', {
      title: 'Round-trip Yoga',
      status: 'publish',
      timezone: 'Asia/Hong_Kong',
      start_date: '2027-01-05 19:00',
      end_date: '2027-01-05 20:30',
      recurrence: {
        rule: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=8',
        rdates: ['2027-01-09T10:00'],
        exdates: ['2027-01-07T19:00'],
      },
    })
    expect(series.status).toBe(201)
    const { body: listed } = await write(`/events?include=${series.body.id}`, 'GET')
    expect(listed.events).toHaveLength(8)
    expect((await write(`/events/${listed.events[3].id}`, 'DELETE')).status).toBe(200)
  })
  afterAll(async () => {
    await source?.stop()
    await database?.drop()
  })

  /**
   * Every record of a list of a namespace, in one language, keyed by slug, with what differs between sites left out
   * (a category's parent is given by its slug), and how many records the list says it has.
   */
  async function records(base: string, resource: string, language: string) {
    const raw: any[] = []
    let total = 0
    for (let page = 1; ; page++) {
      const query = `per_page=50&page=${page}&ml_language=${language}&hide_empty=0${resource === 'events' ? `&${EVERY_DATE}` : ''}`
      const body = await fetch(`${base}${NS}/${resource}?${query}`).then((response) =>
        response.json(),
      )
      raw.push(...body[resource])
      total = body.total
      if (page >= body.total_pages) break
    }
    const slugOf = new Map(raw.map((record) => [record.id, record.slug]))
    const found = new Map<string, any>()
    for (const record of raw) {
      const parent =
        resource === 'categories' ? { parent_slug: slugOf.get(record.parent) ?? null } : {}
      // A recurring event's occurrences share its slug: each is known by its key as well.
      const key = record.recurrence ? `${record.slug}/${record.recurrence.occurrence}` : record.slug
      // An event without a website of its own answers its own address, which is the site's.
      const website = record.website === record.url ? { website: 'its address' } : {}
      found.set(key, { ...comparable(record), ...parent, ...website })
    }
    return { found, listed: raw.length, total }
  }
  const SITE_SPECIFIC = new Set([
    'id',
    'global_id',
    'global_id_lineage',
    'url',
    'rest_url',
    'urls',
    'author',
    'date',
    'date_utc',
    'modified',
    'modified_utc',
    'term_taxonomy_id',
    'parent',
    'json_ld',
    'series_id',
  ])
  function comparable(value: any): any {
    if (Array.isArray(value)) return value.map(comparable)
    if (!value || typeof value !== 'object') return value
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SITE_SPECIFIC.has(key))
        .map(([key, inner]) => [key, comparable(inner)]),
    )
  }

  test('round trip: every record of the demo calendar, in every language it serves, reads the same on both sites', async () => {
    const plans: unknown[] = []
    const result = await importTecSite(server.sitePayload, {
      url: source.url,
      onStart: (plan) => plans.push(plan),
    })
    // No languages asked for: the ones the site declares, the default locale first.
    const plan = { languages: LANGUAGES, chosen: 'declared', skipped: [] }
    expect({ plans, plan: result.languages }).toEqual({ plans: [plan], plan })
    expect(result.namespace).toBe(`${source.url}${NS}`)
    expect(result.failures).toEqual([])
    for (const resource of ['events', 'venues', 'organizers', 'categories', 'tags']) {
      for (const language of LANGUAGES) {
        const theirs = await records(source.url, resource, language)
        const ours = await records(server.url, resource, language)
        expect(theirs.found.size).toBeGreaterThan(0)
        // The same records both ways: as many, none twice, each the same.
        expect([resource, language, ours.listed, ours.total, ours.found.size]).toEqual([
          resource,
          language,
          theirs.listed,
          theirs.total,
          theirs.listed,
        ])
        expect([...ours.found.keys()].sort()).toEqual([...theirs.found.keys()].sort())
        if (resource === 'events')
          expect(
            [...theirs.found.keys()].filter((key) => key.startsWith('round-trip-yoga/')),
          ).toHaveLength(7)
        for (const [slug, record] of theirs.found)
          expect([resource, language, slug, ours.found.get(slug)]).toEqual([
            resource,
            language,
            slug,
            record,
          ])
      }
    }
  })

  test("untranslated fields stay untranslated: the source's fallback is not stored as a translation", async () => {
    const stored = (locale: 'en' | 'zh-hans') =>
      server.payload.find({
        collection: 'events',
        depth: 0,
        fallbackLocale: false,
        locale,
        pagination: false,
        select: { title: true },
        sort: 'id',
      })
    const [english, simplified] = await Promise.all([stored('en'), stored('zh-hans')])
    const copied = simplified.docs.filter(
      (doc, index) => doc.title && doc.title === english.docs[index].title,
    )
    expect(english.docs.map((doc) => doc.title)).toContain('Untranslated Evening')
    expect(copied.map((doc) => doc.title)).toEqual([])
  })
})
