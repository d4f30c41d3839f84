import type { CollectionSlug, Where } from 'payload'

import type { Id, Related, SerializeContext } from '../serialize/types.js'
import type { ResolvedCalendarOptions } from '../types.js'

import { booleanParam, languageParam, paginationParams, searchParam, statusParam } from './commonParams.js'
import { archivePageNotFound, invalidParam, notAccessible } from './errors.js'
import { asCaller } from './localApi.js'
import { postEnvelope } from './pagination.js'
import { type Param, positiveInt } from './params.js'
import { loadMedia } from './related.js'
import { method, type RestCall, type Route } from './route.js'
import { statusScope } from './visibility.js'

type Doc = { id: Id; deletedAt?: string | null; image?: Id | null }

/** What differs between venues and organizers; everything else about their routes is the same. */
export type LinkedPostKind<D extends Doc> = {
  /** `venue` or `organizer`: error codes and messages. */
  resource: 'organizer' | 'venue'
  /** `venues` or `organizers`: route segment and list key. */
  plural: 'organizers' | 'venues'
  collection: (options: ResolvedCalendarOptions) => CollectionSlug
  /** The events field that links to this kind. */
  eventField: 'organizers' | 'venue'
  /** Fields `search` looks in (localized ones in the requested locale). */
  searchFields: string[]
  serialize: (doc: D, related: Pick<Related, 'media'>, ctx: SerializeContext, view: { single: boolean }) => unknown
}

const listParams = (options: ResolvedCalendarOptions, locales: string[], plural: string) => ({
  ...paginationParams(options, plural),
  search: searchParam(`Limit results to ${plural} matching the string in their name or details`),
  event: { type: 'integer', description: `Limit results to ${plural} of this event ID`, parse: positiveInt } as Param<number>,
  has_events: booleanParam(`Limit results to ${plural} that have events (true) or none (false)`),
  only_with_upcoming: { ...booleanParam(`Limit results to ${plural} that have upcoming events`), default: false },
  status: statusParam,
  ml_language: languageParam(locales),
})

/** Ids of the records of this kind linked to events the caller may see (optionally: that have not ended). */
async function linkedIds(call: RestCall, field: string, upcomingOnly: boolean): Promise<Id[]> {
  const scope = statusScope(call, undefined)
  const { docs } = await call.req.payload.find({
    ...asCaller(call),
    collection: call.options.slugs.events,
    pagination: false,
    select: { [field]: true },
    where: { and: [scope.where, ...(upcomingOnly ? [{ endDate: { greater_than_equal: new Date().toISOString() } }] : [])] },
  })
  return [...new Set((docs as unknown as Record<string, Id[] | undefined>[]).flatMap((doc) => doc[field] ?? []))]
}

export function linkedPostRoutes<D extends Doc>(
  kind: LinkedPostKind<D>,
  options: ResolvedCalendarOptions,
  locales: string[],
): Route[] {
  const collection = kind.collection(options)
  const params = listParams(options, locales, kind.plural)

  async function list(call: RestCall<typeof params>) {
    const { params: p } = call
    const perPage = p.per_page ?? options.defaultPerPage
    const page = p.page ?? 1
    const scope = statusScope(call, p.status)
    const and: Where[] = [scope.where]
    if (p.search) and.push({ or: kind.searchFields.map((field) => ({ [field]: { like: p.search } })) })
    if (p.event) {
      const { docs } = await call.req.payload.find({
        ...asCaller(call),
        collection: options.slugs.events,
        pagination: false,
        select: { [kind.eventField]: true },
        where: { id: { equals: p.event } },
      })
      if (!docs[0]) throw invalidParam('event')
      and.push({ id: { in: [...((docs[0] as unknown as Record<string, Id[]>)[kind.eventField] ?? []), 0] } })
    }
    if (p.has_events !== undefined || p.only_with_upcoming) {
      const ids = await linkedIds(call, kind.eventField, Boolean(p.only_with_upcoming))
      and.push(p.has_events === false && !p.only_with_upcoming ? { id: { not_in: [...ids, 0] } } : { id: { in: [...ids, 0] } })
    }
    const result = await call.req.payload.find({
      ...asCaller(call),
      collection,
      limit: perPage,
      page,
      sort: ['-publishedAt', '-id'],
      trash: scope.trash,
      where: { and },
    })
    if (page > 1 && page > Math.ceil(result.totalDocs / perPage)) throw archivePageNotFound(kind.resource)
    const docs = result.docs as unknown as D[]
    const related = await loadMedia(call, docs)
    const info = { page, total: result.totalDocs, totalPages: Math.ceil(result.totalDocs / perPage) }
    const echo: [string, string][] = [
      ['page', String(page)],
      ['per_page', String(perPage)],
      ...(p.search ? [['search', p.search] as [string, string]] : []),
      ['status', scope.echo],
    ]
    const { headers, ...links } = postEnvelope(`${call.serialize.namespaceURL}/${kind.plural}`, echo, info)
    return {
      body: {
        [kind.plural]: docs.map((doc) => kind.serialize(doc, related, call.serialize, { single: false })),
        rest_url: links.rest_url,
        ...(links.next_rest_url ? { next_rest_url: links.next_rest_url } : {}),
        ...(links.previous_rest_url ? { previous_rest_url: links.previous_rest_url } : {}),
        total: info.total,
        total_pages: info.totalPages,
      },
      headers,
    }
  }

  async function respondWith(call: RestCall, doc: D) {
    if (doc.deletedAt && !options.access.readDrafts({ req: call.req })) throw notAccessible(kind.resource)
    const related = await loadMedia(call, [doc])
    return { body: kind.serialize(doc, related, call.serialize, { single: true }) }
  }

  async function byId(call: RestCall) {
    const id = Number(call.path.id)
    const { docs } = await call.req.payload.find({
      ...asCaller(call),
      collection,
      limit: 1,
      pagination: false,
      trash: true,
      where: { id: { equals: id } },
    })
    if (docs[0]) return respondWith(call, docs[0] as unknown as D)
    // 400 for no such record, 403 for one the caller may not see: only its existence is read.
    const { totalDocs } = await call.req.payload.count({
      collection,
      overrideAccess: true,
      req: call.req,
      trash: true,
      where: { id: { equals: id } },
    })
    throw totalDocs ? notAccessible(kind.resource) : invalidParam('id')
  }

  async function bySlug(call: RestCall) {
    const { docs } = await call.req.payload.find({
      ...asCaller(call),
      collection,
      limit: 1,
      pagination: false,
      where: { slug: { equals: call.path.slug } },
    })
    if (!docs[0]) throw invalidParam('slug')
    return respondWith(call, docs[0] as unknown as D)
  }

  const singleParams = { ml_language: languageParam(locales) }
  const single = `Returns a single ${kind.resource}`
  return [
    {
      path: `/${kind.plural}`,
      pattern: `/${kind.plural}`,
      methods: { GET: method({ description: `Returns a page of ${kind.plural}`, params, handler: list }) },
    },
    {
      path: `/${kind.plural}/:id(\\d+)`,
      pattern: `/${kind.plural}/(?P<id>\\d+)`,
      methods: { GET: method({ description: single, params: singleParams, handler: byId }) },
    },
    {
      path: `/${kind.plural}/by-slug/:slug`,
      pattern: `/${kind.plural}/by-slug/(?P<slug>[^/]+)`,
      methods: { GET: method({ description: `${single} by its slug`, params: singleParams, handler: bySlug }) },
    },
  ]
}

