import type { Where } from 'payload'

import type { Id, TermDoc } from '../src/core/model.js'
import type { ResolvedCalendarOptions } from '../src/core/options.js'

import { serializeTerm, type Taxonomy } from '../src/serialize/term.js'
import {
  booleanParam,
  languageParam,
  paginationParams,
  searchParam,
} from '../src/rest/commonParams.js'
import { invalidParam } from '../src/rest/errors.js'
import { asCaller } from '../src/query/reader.js'
import { termEnvelope } from '../src/rest/pagination.js'
import { idList, idParam, list, nonEmptyString, type Param, recordId } from '../src/rest/params.js'
import { findAll, findFirst } from '../src/query/reads.js'
import { method, type RestCall, type Route } from '../src/rest/route.js'
import { searchCondition } from '../src/query/search.js'
import { requireExisting } from '../src/query/terms.js'
import { termWriteMethods } from '../src/rest/termWrites.js'

const ORDER_BY = [
  'id',
  'count',
  'name',
  'slug',
  'description',
  'parent',
  'term_group',
  'term_id',
] as const

const eventParam = (description: string): Param<number> => ({
  type: 'integer',
  description,
  parse: idParam,
})

const listParams = (options: ResolvedCalendarOptions, locales: string[], taxonomy: Taxonomy) => ({
  ...paginationParams(options, 'terms'),
  search: searchParam(options, 'Limit results to those matching a string'),
  exclude: {
    type: 'array',
    items: 'integer',
    maxItems: options.maxListItems,
    description: 'Ensure result set excludes specific IDs',
    parse: idList,
  } as Param<number[]>,
  include: {
    type: 'array',
    items: 'integer',
    maxItems: options.maxListItems,
    description: 'Limit result set to specific IDs',
    parse: idList,
  } as Param<number[]>,
  order: {
    type: 'string',
    enum: ['asc', 'desc'],
    default: 'asc',
    description: 'Order sort attribute ascending or descending',
    // The original sorts descending for any value but `asc`; an empty one fails its validation.
    parse: (raw: unknown) => (nonEmptyString(raw) === 'asc' ? 'asc' : 'desc'),
  } as Param<'asc' | 'desc'>,
  orderby: {
    type: 'string',
    enum: ORDER_BY,
    default: 'name',
    description: 'Sort collection by term attribute',
    // An unknown attribute is ignored, as in the original; an empty one fails its validation.
    parse: (raw: unknown) => {
      const value = nonEmptyString(raw)
      return ORDER_BY.includes(value as (typeof ORDER_BY)[number]) ? value : 'name'
    },
  } as Param<string>,
  hide_empty: {
    ...booleanParam('Whether to hide terms not assigned to any published event'),
    default: true,
  },
  ...(taxonomy === 'categories'
    ? { parent: eventParam('Limit result set to terms assigned to a specific parent') }
    : {}),
  post: eventParam('Limit result set to terms assigned to a specific event'),
  event: eventParam(
    'Limit result set to terms assigned to a specific event (alias of post, which it wins over)',
  ),
  slug: {
    type: 'string',
    maxItems: options.maxListItems,
    description: 'Limit result set to terms with one or more specific slugs',
    parse: list,
  } as Param<string[]>,
  ml_language: languageParam(locales),
})

const sortValue = (term: TermDoc, orderby: string): number | string => {
  if (orderby === 'count') return term.count ?? 0
  if (orderby === 'id' || orderby === 'term_id' || orderby === 'term_group')
    return orderby === 'term_group' ? 0 : term.id
  if (orderby === 'parent') return term.parent ?? 0
  return String(term[orderby as 'description' | 'name' | 'slug'] ?? '').toLocaleLowerCase()
}

/** Categories and tags: list and single, a thin layer over their collection (docs/api.md#read-routes). */
export function termRoutes(
  taxonomy: Taxonomy,
  options: ResolvedCalendarOptions,
  locales: string[],
): Route[] {
  const collection = taxonomy === 'categories' ? options.slugs.categories : options.slugs.tags
  const params = listParams(options, locales, taxonomy)

  /** All categories, for the ancestry in category URLs; tags need none. */
  const ancestry = async (call: RestCall) => {
    if (taxonomy !== 'categories') return new Map<Id, TermDoc>()
    const docs = await findAll<TermDoc>(call, { collection, where: {} })
    return new Map(docs.map((doc) => [doc.id, doc]))
  }

  async function listTerms(call: RestCall<typeof params>) {
    const { params: p } = call
    const perPage = p.per_page ?? options.defaultPerPage
    const page = p.page ?? 1
    const and: Where[] = []
    if (p.hide_empty !== false) and.push({ count: { greater_than: 0 } })
    if (p.search) {
      and.push(
        await searchCondition(call, {
          collection,
          fields: ['name', 'slug'],
          search: p.search,
          where: [...and],
        }),
      )
    }
    if (p.exclude) {
      await requireExisting(call, collection, p.exclude, 'exclude')
      and.push({ id: { not_in: p.exclude } })
    }
    if (p.include) {
      await requireExisting(call, collection, p.include, 'include')
      and.push({ id: { in: p.include } })
    }
    if (p.slug) and.push({ slug: { in: p.slug } })
    const parent = (p as { parent?: number }).parent
    if (parent !== undefined) {
      await requireExisting(call, collection, [parent], 'parent')
      and.push({ parent: { equals: parent } })
    }
    const eventId = p.event ?? p.post
    if (eventId !== undefined) {
      const { docs } = await call.req.payload.find({
        ...asCaller(call),
        collection: options.slugs.events,
        pagination: false,
        select: { [taxonomy]: true },
        where: { id: { equals: eventId } },
      })
      if (!docs[0]) throw invalidParam(p.event !== undefined ? 'event' : 'post')
      and.push({
        id: { in: [...((docs[0] as unknown as Record<string, Id[]>)[taxonomy] ?? []), 0] },
      })
    }
    // Terms are few; sorting here keeps the order identical on every database and follows the locale fallback.
    const docs = await findAll<TermDoc>(call, { collection, where: { and } })
    const direction = p.order === 'desc' ? -1 : 1
    const orderby = p.orderby ?? 'name'
    const terms = docs.sort((a, b) => {
      const [x, y] = [sortValue(a, orderby), sortValue(b, orderby)]
      return (
        (typeof x === 'number' && typeof y === 'number'
          ? x - y
          : String(x).localeCompare(String(y))) * direction || a.id - b.id
      )
    })
    const categories = await ancestry(call)
    const info = { page, total: terms.length, totalPages: Math.ceil(terms.length / perPage) }
    const { headers, ...links } = termEnvelope(`${call.serialize.namespaceURL}/${taxonomy}`, info)
    return {
      body: {
        rest_url: links.rest_url,
        total: info.total,
        total_pages: info.totalPages,
        [taxonomy]: terms
          .slice((page - 1) * perPage, page * perPage)
          .map((term) => serializeTerm(term, taxonomy, categories, call.serialize)),
        ...(links.next_rest_url ? { next_rest_url: links.next_rest_url } : {}),
        ...(links.previous_rest_url ? { previous_rest_url: links.previous_rest_url } : {}),
      },
      headers,
    }
  }

  async function getTerm(call: RestCall) {
    const term = await findFirst<TermDoc>(call, {
      collection,
      where: { id: { equals: recordId(call.path.id) ?? 0 } },
    })
    if (!term) throw invalidParam('id')
    return { body: serializeTerm(term, taxonomy, await ancestry(call), call.serialize) }
  }

  const noun = taxonomy === 'categories' ? 'event categories' : 'event tags'
  const writes = termWriteMethods(taxonomy, collection, options, locales, ancestry)
  return [
    {
      path: `/${taxonomy}`,
      pattern: `/${taxonomy}`,
      methods: {
        GET: method({
          description: `Returns a page of ${noun}`,
          params,
          handler: listTerms,
          returns: { schema: 'Term', page: taxonomy },
        }),
        POST: writes.create,
      },
    },
    {
      path: `/${taxonomy}/:id(\\d+)`,
      pattern: `/${taxonomy}/(?P<id>\\d+)`,
      methods: {
        GET: method({
          description: `Returns one of the ${noun}`,
          params: { ml_language: languageParam(locales) },
          handler: getTerm,
          returns: { schema: 'Term' },
        }),
        POST: writes.update,
        PUT: writes.update,
        PATCH: writes.update,
        DELETE: writes.remove,
      },
    },
  ]
}
