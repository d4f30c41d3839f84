import type { GetJson } from './client.js'

export const RESOURCES = ['categories', 'tags', 'venues', 'organizers', 'events'] as const
export type Resource = (typeof RESOURCES)[number]

const NAMESPACE_PATHS = ['/wp-json/tribe/events/v1', '/api/calendar/events/v1']

type NamespaceIndex = {
  namespace: string
  routes?: Record<string, { endpoints?: { args?: Record<string, { enum?: unknown }> }[] }>
}

/**
 * The languages a site serves, as this project's sites declare them: the values of `ml_language` in the routes of
 * their namespace index. Undefined for a site that declares none (the original's, with or without WPML).
 */
function declaredLanguages(index: NamespaceIndex): string[] | undefined {
  for (const route of Object.values(index.routes ?? {})) {
    for (const endpoint of route.endpoints ?? []) {
      const languages = endpoint.args?.ml_language?.enum
      if (Array.isArray(languages) && languages.every((code) => typeof code === 'string'))
        return languages
    }
  }
  return undefined
}

/**
 * The namespace URL of a site of the original (`/wp-json/tribe/events/v1`) or of this project
 * (`/api/calendar/events/v1`), from a site address or the namespace URL itself, found by its index route; and the
 * languages the site declares there, if it does.
 */
export async function locateNamespace(
  getJson: GetJson,
  address: string,
): Promise<{ namespace: string; languages?: string[] }> {
  const base = address.replace(/\/+$/, '')
  const candidates = /\/events\/v1$/.test(new URL(base).pathname)
    ? [base]
    : NAMESPACE_PATHS.map((path) => `${base}${path}`)
  for (const candidate of candidates) {
    const { status, body } = await getJson(`${candidate}/`)
    if (status === 200 && typeof (body as { namespace?: unknown })?.namespace === 'string')
      return { namespace: candidate, languages: declaredLanguages(body as NamespaceIndex) }
  }
  throw new Error(
    `${address}: no tribe/events/v1 API answers there (tried ${candidates.join(', ')})`,
  )
}

export type ListQuery = { language?: string; since?: string }

/**
 * The query of the first page of a resource: the largest page, every term (also unused ones), every event from
 * `since` on (all of them by default), and the language under each name a site may know it by: WPML's `lang` and
 * `wpml_language`, and this project's `ml_language`.
 */
function firstPageQuery(resource: Resource, { language, since }: ListQuery): URLSearchParams {
  const query = new URLSearchParams({ per_page: '50' })
  if (resource === 'categories' || resource === 'tags') query.set('hide_empty', '0')
  if (resource === 'events') {
    query.set('start_date', since ?? '1000-01-01')
    query.set('end_date', '9999-12-31')
  }
  if (language)
    for (const name of ['lang', 'wpml_language', 'ml_language']) query.set(name, language)
  return query
}

type ListBody = Record<string, unknown> & { next_rest_url?: string; total_pages?: number }

/**
 * Every record of a list, page after page, by its `next_rest_url`. The link is kept on the source's own origin and
 * given back any parameter of the first page it lost (the original's term links carry only `page`); a page past
 * the end (`404`, or an empty page, when records went away meanwhile) ends the list.
 */
export async function* listRecords(
  getJson: GetJson,
  namespace: string,
  resource: Resource,
  query: ListQuery,
): AsyncGenerator<{ record: Record<string, unknown>; url: string }> {
  const first = new URL(`${namespace}/${resource}`)
  const params = firstPageQuery(resource, query)
  first.search = params.toString()
  const seen = new Set<unknown>()
  let next: URL | null = first
  while (next) {
    const { status, body, url } = await getJson(next.href)
    if (status === 404 && next !== first) return
    if (status !== 200)
      throw new Error(`${url} answered ${status}: ${JSON.stringify(body).slice(0, 200)}`)
    const page = body as ListBody | null
    if (!Array.isArray(page?.[resource]))
      throw new Error(`${url} answered 200 without a list of ${resource}`)
    const records = page[resource] as Record<string, unknown>[]
    for (const record of records) {
      if (seen.has(record.id)) continue
      seen.add(record.id)
      yield { record, url: `${namespace}/${resource}/${record.id}` }
    }
    next =
      records.length && page.next_rest_url ? sameOrigin(page.next_rest_url, first, params) : null
  }
}

function sameOrigin(link: string, first: URL, params: URLSearchParams): URL {
  const parsed = new URL(link, first)
  const next = new URL(`${parsed.pathname}${parsed.search}`, first.origin)
  for (const [name, value] of params)
    if (!next.searchParams.has(name)) next.searchParams.set(name, value)
  return next
}
