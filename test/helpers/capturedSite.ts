import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

import { ROOT } from './run.js'

type Wire = Record<string, any>
const RESOURCES = ['categories', 'tags', 'venues', 'organizers', 'events'] as const
type Resource = (typeof RESOURCES)[number]

/** The recorded lists of the original the site serves, with which the records of each resource come from. */
const SOURCES: Record<Resource, string[]> = {
  categories: ['categories-list-hide_empty-0'],
  tags: ['tags-list-default-anon'],
  venues: ['venues-list-default-anon'],
  organizers: ['organizers-list-default-anon'],
  events: ['events-list-all-dates-anon', 'events-list-start_date-2026-01-01-includes-past'],
}
const NAMESPACE = '/wp-json/tribe/events/v1'
/** A 1×1 PNG, for the images the site serves. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

export type CapturedSite = {
  url: string
  /** The records served, in the first language; tests may change them between runs. */
  records: Record<Resource, Wire[]>
  /** Every request's path and query, and the `User-Agent`s seen. */
  requests: string[]
  userAgents: Set<string>
  /** The most requests that were in flight at once. */
  mostInFlight: number
  /** Busy answers (`429`, `503`) not yet given. */
  faultsLeft: () => number
  stop: () => Promise<void>
}

function load(name: string, origin: string): Wire {
  const text = fs
    .readFileSync(path.join(ROOT, 'test/fixtures/captures', `${name}.json`), 'utf8')
    .replaceAll('{base_url}', origin)
    .replaceAll('{hostname}', new URL(origin).hostname)
    .replaceAll('{host}', new URL(origin).host)
  return JSON.parse(text)
}

/**
 * A site of the original, built from its recorded answers: the records of the recorded lists, served page by page
 * as the original serves them (its envelope, `next_rest_url` with the query for posts and only `page` for terms,
 * `404` past the last page of posts), read-only. With `lang=zh-hant` or `lang=zh-hans` it answers as WPML
 * would: events as other posts (other ids) with translated titles, terms with the same ids and translated names.
 * The first request for a second page of events answers `503`, and the first for venues `429`, as a busy site may.
 */
export async function startCapturedSite(): Promise<CapturedSite> {
  const requests: string[] = []
  const userAgents = new Set<string>()
  let inFlight = 0
  const faults = new Set(['events-page-2', 'venues'])
  const site: CapturedSite = {
    url: '',
    records: {} as CapturedSite['records'],
    requests,
    userAgents,
    mostInFlight: 0,
    faultsLeft: () => faults.size,
    stop: async () => {},
  }

  // Each language's title, Chinese in one script each, Hong Kong's `裏` where Taiwan's forms write `裡`.
  const LANGUAGES: Record<string, { offset: number; event: string; term: string }> = {
    'zh-hant': { offset: 1000, event: '（夜裏）', term: '（繁）' },
    'zh-hans': { offset: 2000, event: '（夜里）', term: '（简）' },
  }
  const translated = (resource: Resource, record: Wire, language: string): Wire => {
    const { offset, event, term } = LANGUAGES[language]!
    if (resource === 'events') {
      const id = record.id + offset
      return {
        ...record,
        id,
        title: `${record.title}${event}`,
        global_id: record.global_id.replace(/id=\d+/, `id=${id}`),
      }
    }
    if (resource === 'categories' || resource === 'tags')
      return { ...record, name: `${record.name}${term}` }
    return record
  }

  const server = http.createServer(async (req, res) => {
    inFlight++
    site.mostInFlight = Math.max(site.mostInFlight, inFlight)
    requests.push(req.url!)
    userAgents.add(req.headers['user-agent'] ?? '')
    // Answers take a moment, as a real site's do, so requests that overlap show it.
    await new Promise((resolve) => setTimeout(resolve, 5))
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      inFlight--
      res
        .writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers })
        .end(JSON.stringify(body))
    }
    const url = new URL(req.url!, site.url)
    if (url.pathname.startsWith('/wp-content/uploads/')) {
      inFlight--
      res
        .writeHead(200, { 'content-type': 'image/png', 'content-length': String(PNG.length) })
        .end(PNG)
      return
    }
    if (url.pathname.replace(/\/$/, '') === NAMESPACE)
      return send(200, { namespace: 'tribe/events/v1', routes: {} })
    const resource = url.pathname.slice(NAMESPACE.length + 1).replace(/\/$/, '') as Resource
    if (!RESOURCES.includes(resource))
      return send(404, {
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      })

    const page = Number(url.searchParams.get('page') ?? 1)
    const fault = resource === 'events' && page === 2 ? 'events-page-2' : resource
    if (faults.delete(fault))
      return send(fault === 'venues' ? 429 : 503, { code: 'busy' }, { 'retry-after': '0' })

    // A site may cap pages lower than the original's 50; this one does, so every list takes several pages.
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 10), 4)
    const language = url.searchParams.get('lang')
    const all = site.records[resource].map((record) =>
      language && language in LANGUAGES ? translated(resource, record, language) : record,
    )
    const totalPages = Math.ceil(all.length / perPage)
    const terms = resource === 'categories' || resource === 'tags'
    if (page > totalPages && !terms) {
      return send(404, {
        code: 'event-archive-page-not-found',
        message: 'The requested page does not exist.',
        data: { status: 404 },
      })
    }
    const base = `${site.url}${NAMESPACE}/${resource}/`
    const rest = new URLSearchParams(url.searchParams)
    rest.delete('page')
    const link = (at: number) => (terms ? `${base}?page=${at}` : `${base}?${rest}&page=${at}`)
    send(
      200,
      {
        [resource]: all.slice((page - 1) * perPage, page * perPage),
        rest_url: `${base}?${url.searchParams}`,
        ...(page < totalPages ? { next_rest_url: link(page + 1) } : {}),
        total: all.length,
        total_pages: totalPages,
      },
      { 'X-TEC-Total': String(all.length), 'X-TEC-TotalPages': String(totalPages) },
    )
  })
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  for (const resource of RESOURCES) {
    const byId = new Map<number, Wire>()
    for (const name of SOURCES[resource])
      for (const record of load(name, site.url).body[resource])
        if (!byId.has(record.id)) byId.set(record.id, record)
    site.records[resource] = [...byId.values()]
  }
  const jazz = site.records.events.find((event) => event.title === 'Jazz Night')!
  jazz.image = {
    url: `${site.url}/wp-content/uploads/2026/11/jazz-night.png`,
    id: 900,
    extension: 'png',
    width: 1,
    height: 1,
    sizes: {},
  }
  const concert = site.records.events.find((event) => event.title === 'Summer Concert')!
  concert.image = {
    url: 'http://192.0.2.1/wp-content/uploads/elsewhere.png',
    id: 901,
    extension: 'png',
    width: 1,
    height: 1,
    sizes: {},
  }

  site.stop = () =>
    new Promise((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return site
}
