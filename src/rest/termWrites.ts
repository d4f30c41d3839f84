import type { CollectionSlug, Where } from 'payload'

import type { Id, SerializeContext, TermDoc } from '../core/model.js'
import type { ResolvedCalendarOptions } from '../core/options.js'

import { serializeTerm, type Taxonomy } from '../serialize/term.js'
import { languageParam } from './commonParams.js'
import { lockUntilCommit, nameLock } from '../database/writeLocks.js'
import { invalidParam, notHierarchical, termExists } from './errors.js'
import { asCaller } from '../query/reader.js'
import { bodyIdParam, nonEmptyString, type Param, stringValue } from './params.js'
import { method, type RestCall } from './route.js'
import { findByName } from './sameName.js'
import { addressOf, lockedTarget } from './locate.js'
import { inTransaction } from '../database/transactions.js'

type Ancestry = (call: RestCall) => Promise<Map<Id, TermDoc>>

const writeParams = (locales: string[], required: boolean) => ({
  name: {
    type: 'string',
    required,
    description: 'The term name',
    parse: (raw: unknown, name: string) => nonEmptyString(stringValue(raw, name)),
  } as Param<string>,
  description: {
    type: 'string',
    description: 'The term description',
    // As the original: empty is refused, like an empty name or slug; the admin clears a description.
    parse: (raw: unknown, name: string) => nonEmptyString(stringValue(raw, name)),
  } as Param<string>,
  slug: {
    type: 'string',
    description: 'An alphanumeric identifier for the term',
    parse: (raw: unknown, name: string) => nonEmptyString(stringValue(raw, name)),
  } as Param<string>,
  parent: {
    type: 'integer',
    description: 'The parent term ID (categories only); 0 makes the term top-level',
    parse: bodyIdParam,
  } as Param<number>,
  ml_language: languageParam(locales),
})

type WriteParams = ReturnType<typeof writeParams>

/** Create, update and delete of categories and tags (docs/api.md#write-routes); deletes are permanent. */
export function termWriteMethods(
  taxonomy: Taxonomy,
  collection: CollectionSlug,
  options: ResolvedCalendarOptions,
  locales: string[],
  ancestry: Ancestry,
) {
  const hierarchical = taxonomy === 'categories'
  const location = (ctx: SerializeContext, id: Id) => `${ctx.namespaceURL}/${taxonomy}/${id}`

  /** The term a write addresses, in the write's transaction; 400 when there is none. */
  const target = (call: RestCall) =>
    lockedTarget(call, collection, addressOf(call), async ({ where }) => {
      const { docs } = await call.req.payload.find({
        ...asCaller(call),
        collection,
        limit: 1,
        pagination: false,
        where,
      })
      if (!docs[0]) throw invalidParam('id')
      return docs[0] as unknown as TermDoc
    })

  /**
   * Names are unique, whatever their case, per parent for categories and per taxonomy for tags, in the language
   * written to. Writers of one name take turns until they commit, in every server instance, so only one of
   * parallel creates makes it.
   */
  const checkUnique = async (call: RestCall, name: string, parent: Id | null, self?: Id) => {
    await lockUntilCommit(call.req, [nameLock(collection, name)])
    const and: Where[] = []
    if (hierarchical)
      and.push(parent ? { parent: { equals: parent } } : { parent: { exists: false } })
    if (self) and.push({ id: { not_equals: self } })
    const same = await findByName<TermDoc>(call, collection, name, and)
    if (same) throw termExists(same.id, hierarchical)
  }

  const checkParent = async (call: RestCall<WriteParams>) => {
    const { parent } = call.params
    if (parent === undefined) return
    if (!hierarchical) throw notHierarchical()
    if (parent === 0) return
    const { totalDocs } = await call.req.payload.count({
      ...asCaller(call),
      collection,
      where: { id: { equals: parent } },
    })
    if (!totalDocs) throw invalidParam('parent')
  }

  const dataOf = ({ name, description, slug, parent }: RestCall<WriteParams>['params']) =>
    Object.fromEntries(
      Object.entries({ name, description, slug, parent: parent === 0 ? null : parent }).filter(
        ([, value]) => value !== undefined,
      ),
    )

  const respond = async (call: RestCall, term: TermDoc, status = 200) => ({
    status,
    body: serializeTerm(term, taxonomy, await ancestry(call), call.serialize),
    headers: status === 201 ? { Location: location(call.serialize, term.id) } : undefined,
  })

  const create = method({
    description: `Creates one of the event ${taxonomy}`,
    // The taxonomy's `manage_terms`, as for changing terms (docs/api.md#write-routes); writers still add terms by name
    // when they write an event.
    permission: ({ req }) => options.access.publish({ req }),
    params: writeParams(locales, true),
    returns: { schema: 'Term', status: 201 },
    handler: async (call) => {
      await checkParent(call)
      const term = await inTransaction(call.req, async () => {
        await checkUnique(call, call.params.name!, call.params.parent ?? null)
        return call.req.payload.create({
          ...asCaller(call),
          collection,
          data: dataOf(call.params) as never,
        })
      })
      return respond(call, term as unknown as TermDoc, 201)
    },
  })

  const update = method({
    description: `Updates one of the event ${taxonomy}`,
    permission: ({ req }) => options.access.publish({ req }),
    params: writeParams(locales, false),
    returns: { schema: 'Term' },
    handler: async (call) => {
      await checkParent(call)
      const term = await inTransaction(call.req, async () => {
        const existing = await target(call)
        if (call.params.name !== undefined) {
          await checkUnique(
            call,
            call.params.name,
            call.params.parent ?? existing.parent ?? null,
            existing.id,
          )
        }
        return call.req.payload.update({
          ...asCaller(call),
          collection,
          id: existing.id,
          data: dataOf(call.params) as never,
        })
      })
      return respond(call, term as unknown as TermDoc)
    },
  })

  const remove = method({
    description: `Deletes one of the event ${taxonomy} for good`,
    permission: ({ req }) => options.access.publish({ req }),
    params: { ml_language: languageParam(locales) },
    returns: { schema: 'Term' },
    handler: async (call) =>
      inTransaction(call.req, async () => {
        const existing = await target(call)
        const previous = await respond(call, existing)
        await call.req.payload.delete({ ...asCaller(call), collection, id: existing.id })
        return previous
      }),
  })

  return { create, update, remove }
}
