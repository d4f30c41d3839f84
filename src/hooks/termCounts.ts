import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, Payload, PayloadRequest } from 'payload'

import type { ResolvedCalendarOptions } from '../types.js'

import { markCalendarChanged } from '../cache/changeStamp.js'

type Relation = 'categories' | 'tags'
const RELATIONS: Relation[] = ['categories', 'tags']

const idsOf = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.map((item) => (typeof item === 'object' && item ? (item as { id: number }).id : item) as number)
    : []

/**
 * A term's `count` is the number of published events that carry it. Counts are recomputed from the events, not
 * incremented, so concurrent writes cannot lose an update. Internal bookkeeping: reads all events, whoever asks.
 */
export async function recountTerms(
  payload: Payload,
  options: ResolvedCalendarOptions,
  relation: Relation,
  ids: number[],
  req?: PayloadRequest,
): Promise<void> {
  for (const id of new Set(ids)) {
    const { totalDocs } = await payload.count({
      collection: options.slugs.events,
      overrideAccess: true,
      req,
      where: { and: [{ [relation]: { in: [id] } }, { status: { equals: 'publish' } }] },
    })
    const collection = relation === 'categories' ? options.slugs.categories : options.slugs.tags
    // Straight to the adapter: a term untranslated in the request's locale would fail `name` validation.
    await payload.db.updateOne({ collection, id, data: { count: totalDocs }, req, returning: false })
  }
}

export async function recountAllTerms(payload: Payload, options: ResolvedCalendarOptions): Promise<void> {
  for (const relation of RELATIONS) {
    const collection = relation === 'categories' ? options.slugs.categories : options.slugs.tags
    const { docs } = await payload.find({ collection, depth: 0, overrideAccess: true, pagination: false, select: { slug: true } })
    await recountTerms(payload, options, relation, docs.map((doc) => doc.id as number))
  }
  await markCalendarChanged(payload)
}

/** Seeding passes `context.skipTermCounts` and recounts once at the end. */
export const termCountsAfterChange =
  (options: ResolvedCalendarOptions): CollectionAfterChangeHook =>
  async ({ context, doc, previousDoc, req }) => {
    if (context.skipTermCounts) return doc
    for (const relation of RELATIONS) {
      await recountTerms(req.payload, options, relation, [...idsOf(doc[relation]), ...idsOf(previousDoc?.[relation])], req)
    }
    return doc
  }

export const termCountsAfterDelete =
  (options: ResolvedCalendarOptions): CollectionAfterDeleteHook =>
  async ({ context, doc, req }) => {
    if (context.skipTermCounts) return
    for (const relation of RELATIONS) await recountTerms(req.payload, options, relation, idsOf(doc[relation]), req)
  }
