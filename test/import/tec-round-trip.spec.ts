import { importTecSite } from '../../src/import/tec/importTec.js'
import { createTestDatabase, type TestDatabase } from '../helpers/database.js'
import { type HostProcess, startHostProcess } from '../helpers/hostProcess.js'
import { runScript } from '../helpers/run.js'
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
    source = await startHostProcess(database.uri, { admin: false })
  })
  afterAll(async () => {
    await source?.stop()
    await database?.drop()
  })

  /**
   * Every record of a list of a namespace, in one language, keyed by slug, with what differs between sites left out.
   */
  async function records(base: string, resource: string, language: string) {
    const found = new Map<string, any>()
    for (let page = 1; ; page++) {
      const query = `per_page=50&page=${page}&ml_language=${language}${resource === 'events' ? `&${EVERY_DATE}` : ''}`
      const body = await fetch(`${base}${NS}/${resource}?${query}`).then((response) =>
        response.json(),
      )
      for (const record of body[resource]) found.set(record.slug, comparable(record))
      if (page >= body.total_pages) return found
    }
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

  test('round trip: every record of the demo calendar, in every language, reads the same on both sites', async () => {
    const result = await importTecSite(server.payload, { url: source.url, languages: LANGUAGES })
    expect(result.namespace).toBe(`${source.url}${NS}`)
    expect(result.failures).toEqual([])
    for (const resource of ['events', 'venues', 'organizers', 'categories', 'tags']) {
      for (const language of LANGUAGES) {
        const theirs = await records(source.url, resource, language)
        const ours = await records(server.url, resource, language)
        expect(theirs.size).toBeGreaterThan(0)
        for (const [slug, record] of theirs)
          expect([resource, language, slug, ours.get(slug)]).toEqual([
            resource,
            language,
            slug,
            record,
          ])
      }
    }
  })
})
