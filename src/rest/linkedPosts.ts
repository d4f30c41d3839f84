import type { CollectionSlug, Where } from 'payload'

import type { ComponentName } from '../serialize/schemas.js'
import type { Id, MediaId, Related, SerializeContext } from '../core/model.js'
import type { ResolvedCalendarOptions } from '../core/options.js'

import { lockUntilCommit, nameLock } from '../database/writeLocks.js'
import {
  booleanParam,
  languageParam,
  paginationParams,
  searchParam,
  statusParam,
} from './commonParams.js'
import { archivePageNotFound, forbidden, invalidParam, isInTrash, notAccessible } from './errors.js'
import { mayEdit } from '../query/eventAccess.js'
import { asCaller } from '../query/reader.js'
import { addressOf, lockedTarget } from './locate.js'
import { locate } from '../query/locate.js'
import { findPage } from '../query/reads.js'
import { postEnvelope, postListResult } from './pagination.js'
import { idParam, nonEmptyString, type Param, stringValue } from './params.js'
import { publicationData, publicationParams } from './postWrites.js'
import { findByName } from './sameName.js'
import { searchCondition } from '../query/search.js'
import { loadMedia } from '../query/related.js'
import { method, type RestCall, type Route } from './route.js'
import { moveToTrash } from './trash.js'
import { inTransaction } from '../database/transactions.js'
import { statusScope } from '../query/visibility.js'

type Doc = { id: Id; author?: Id | null; deletedAt?: string | null; image?: MediaId | null }

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
  serialize: (
    doc: D,
    related: Pick<Related, 'media'>,
    ctx: SerializeContext,
    view: { single: boolean },
  ) => unknown
  /** The component schema of what `serialize` returns, for `/doc`. */
  schema: ComponentName
  /** Write parameters of this kind besides the name and the publication ones. */
  writeParams: Record<string, Param>
  /** Stored fields for the kind's own write parameters that were sent (the name included). */
  toData: (values: Record<string, unknown>) => Record<string, unknown>
}

/**
 * What a venue or organizer write takes, declared once for its own routes and for the venue or organizer object
 * of an event write.
 */
export const linkedPostParams = <D extends Doc>(kind: LinkedPostKind<D>, required: boolean) => ({
  [kind.resource]: {
    type: 'string',
    required,
    description: `The ${kind.resource} name`,
    parse: (raw, name) => nonEmptyString(stringValue(raw, name)),
  } as Param<string>,
  ...publicationParams,
  ...kind.writeParams,
})

/** The stored fields for the validated values of a venue or organizer write (only those sent). */
export const linkedPostData = async <D extends Doc>(
  call: RestCall,
  kind: LinkedPostKind<D>,
  values: Record<string, unknown>,
) => ({
  ...kind.toData(values),
  ...(await publicationData(
    call,
    values,
    call.req.payload.config.admin.user as CollectionSlug,
    values[kind.resource] as string | undefined,
  )),
})

const listParams = (options: ResolvedCalendarOptions, locales: string[], plural: string) => ({
  ...paginationParams(options, plural),
  search: searchParam(
    options,
    `Limit results to ${plural} matching the string in their name or details`,
  ),
  event: {
    type: 'integer',
    description: `Limit results to ${plural} of this event ID`,
    parse: idParam,
  } as Param<number>,
  has_events: booleanParam(`Limit results to ${plural} that have events (true) or none (false)`),
  only_with_upcoming: {
    ...booleanParam(`Limit results to ${plural} that have upcoming events`),
    default: false,
  },
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
    where: {
      and: [
        scope.where,
        ...(upcomingOnly ? [{ endDate: { greater_than_equal: new Date().toISOString() } }] : []),
      ],
    },
  })
  return [
    ...new Set(
      (docs as unknown as Record<string, Id[] | undefined>[]).flatMap((doc) => doc[field] ?? []),
    ),
  ]
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
    if (p.search) {
      and.push(
        await searchCondition(call, {
          collection,
          fields: kind.searchFields,
          search: p.search,
          where: [...and],
          trash: scope.trash,
        }),
      )
    }
    if (p.event) {
      const { docs } = await call.req.payload.find({
        ...asCaller(call),
        collection: options.slugs.events,
        pagination: false,
        select: { [kind.eventField]: true },
        where: { id: { equals: p.event } },
      })
      if (!docs[0]) throw invalidParam('event')
      and.push({
        id: { in: [...((docs[0] as unknown as Record<string, Id[]>)[kind.eventField] ?? []), 0] },
      })
    }
    if (p.has_events !== undefined || p.only_with_upcoming) {
      const ids = await linkedIds(call, kind.eventField, Boolean(p.only_with_upcoming))
      and.push(
        p.has_events === false && !p.only_with_upcoming
          ? { id: { not_in: [...ids, 0] } }
          : { id: { in: [...ids, 0] } },
      )
    }
    const result = await findPage<D>(call, {
      collection,
      limit: perPage,
      page,
      sort: ['-publishedAt', '-id'],
      trash: scope.trash,
      where: { and },
    })
    if (page > 1 && page > Math.ceil(result.totalDocs / perPage))
      throw archivePageNotFound(kind.resource)
    const docs = result.docs
    const related = await loadMedia(call, docs)
    const info = {
      page,
      total: result.totalDocs,
      totalPages: Math.ceil(result.totalDocs / perPage),
    }
    const echo: [string, string][] = [
      ['page', String(page)],
      ['per_page', String(perPage)],
      ...(p.search ? [['search', p.search] as [string, string]] : []),
      ['status', scope.echo],
    ]
    const items = docs.map((doc) => kind.serialize(doc, related, call.serialize, { single: false }))
    return postListResult(
      kind.plural,
      items,
      postEnvelope(`${call.serialize.namespaceURL}/${kind.plural}`, echo, info),
      info,
    )
  }

  async function respondWith(call: RestCall, doc: D) {
    if (doc.deletedAt && !options.access.readDrafts({ req: call.req }))
      throw notAccessible(kind.resource)
    const related = await loadMedia(call, [doc])
    return { body: kind.serialize(doc, related, call.serialize, { single: true }) }
  }

  /** By id or slug; a record the caller may not see is a 403, an unknown one a 400 (docs/api.md#read-routes). */
  async function getOne(call: RestCall) {
    const { doc, hidden } = await locate<D>(call, collection, addressOf(call))
    if (!doc)
      throw hidden
        ? notAccessible(kind.resource)
        : invalidParam(call.path.id !== undefined ? 'id' : 'slug')
    return respondWith(call, doc)
  }

  const writeParams = (required: boolean) => ({
    ...linkedPostParams(kind, required),
    ml_language: languageParam(locales),
  })
  const dataOf = (call: RestCall) =>
    linkedPostData(call, kind, call.params as Record<string, unknown>)
  const canWrite = ({ req }: Pick<RestCall, 'req'>) => options.access.write({ req })

  async function create(call: RestCall) {
    const name = (call.params as Record<string, string>)[kind.resource]
    // As the original: a record with that name (whatever its case) already exists, so it is the answer
    // (docs/api.md#write-routes). Creators of one name take turns, so parallel ones make one record.
    const doc = await inTransaction(call.req, async () => {
      await lockUntilCommit(call.req, [nameLock(collection, name)])
      return (
        (await findByName<D & { name?: string | null }>(call, collection, name)) ??
        call.req.payload.create({
          ...asCaller(call),
          collection,
          data: (await dataOf(call)) as never,
        })
      )
    })
    const related = await loadMedia(call, [doc as unknown as D])
    return {
      status: 201,
      body: kind.serialize(doc as unknown as D, related, call.serialize, { single: false }),
      headers: { Location: `${call.serialize.namespaceURL}/${kind.plural}/${doc.id}` },
    }
  }

  /**
   * The record a write addresses, in the write's transaction: 400 when unknown, 403 when not the caller's to edit,
   * then 410 when trashed.
   */
  const target = (call: RestCall) =>
    lockedTarget(call, collection, addressOf(call), async (address) => {
      const { doc, hidden } = await locate<D>(call, collection, address)
      if (!doc)
        throw hidden ? forbidden(true) : invalidParam(call.path.id !== undefined ? 'id' : 'slug')
      if (!mayEdit(call, doc)) throw forbidden(true)
      if (doc.deletedAt) throw isInTrash(kind.resource)
      return doc
    })

  async function update(call: RestCall) {
    const doc = await inTransaction(call.req, async () =>
      call.req.payload.update({
        ...asCaller(call),
        collection,
        id: (await target(call)).id,
        data: (await dataOf(call)) as never,
      }),
    )
    const related = await loadMedia(call, [doc as unknown as D])
    return { body: kind.serialize(doc as unknown as D, related, call.serialize, { single: false }) }
  }

  /** Deleting moves the record to the trash, as the original; a second delete is a 410. */
  async function remove(call: RestCall) {
    const doc = await inTransaction(call.req, async () =>
      moveToTrash(call, collection, (await target(call)).id),
    )
    const related = await loadMedia(call, [doc as unknown as D])
    return { body: kind.serialize(doc as unknown as D, related, call.serialize, { single: false }) }
  }

  /** For `/doc`: what `target` answers besides a 400 for an unknown record. */
  const targetDoc = {
    returns: { schema: kind.schema },
    answers: { 410: `The ${kind.resource} is in the trash (\`${kind.resource}-is-in-trash\`)` },
  }
  const updateMethod = () =>
    method({
      description: `Updates a ${kind.resource}`,
      permission: canWrite,
      params: writeParams(false),
      handler: update,
      ...targetDoc,
    })
  const writes = {
    POST: updateMethod(),
    PUT: updateMethod(),
    PATCH: updateMethod(),
    DELETE: method({
      description: `Moves a ${kind.resource} to the trash`,
      permission: canWrite,
      params: { ml_language: languageParam(locales) },
      handler: remove,
      ...targetDoc,
    }),
  }

  const singleParams = { ml_language: languageParam(locales) }
  const single = `Returns a single ${kind.resource}`
  /** For `/doc`: what `getOne` answers besides a 400 for an unknown record. */
  const singleDoc = {
    returns: { schema: kind.schema },
    answers: { 403: `Not the caller's to see (\`${kind.resource}-not-accessible\`)` },
  }
  return [
    {
      path: `/${kind.plural}`,
      pattern: `/${kind.plural}`,
      methods: {
        GET: method({
          description: `Returns a page of ${kind.plural}`,
          params,
          handler: list,
          returns: { schema: kind.schema, page: kind.plural },
          answers: { 404: `A page beyond the last (\`${kind.resource}-archive-page-not-found\`)` },
        }),
        POST: method({
          description: `Creates a ${kind.resource}, or returns the one with that name`,
          permission: canWrite,
          params: writeParams(true),
          handler: create,
          returns: { schema: kind.schema, status: 201 },
        }),
      },
    },
    {
      path: `/${kind.plural}/:id(\\d+)`,
      pattern: `/${kind.plural}/(?P<id>\\d+)`,
      methods: {
        GET: method({ description: single, params: singleParams, handler: getOne, ...singleDoc }),
        ...writes,
      },
    },
    {
      path: `/${kind.plural}/by-slug/:slug`,
      pattern: `/${kind.plural}/by-slug/(?P<slug>[^/]+)`,
      methods: {
        GET: method({
          description: `${single} by its slug`,
          params: singleParams,
          handler: getOne,
          ...singleDoc,
        }),
        ...writes,
      },
    },
  ]
}
