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

/** Published events read per query while recounting every term. */
const RECOUNT_PAGE = 2000

/**
 * Recounts every term in one pass over the published events, tallied in memory: one query per term would cost
 * a scan of the events each, which on PostgreSQL takes minutes at 10,000 events.
 */
export async function recountAllTerms(payload: Payload, options: ResolvedCalendarOptions): Promise<void> {
  const tally: Record<Relation, Map<number, number>> = { categories: new Map(), tags: new Map() }
  for (let page = 1, more = true; more; page++) {
    const result = await payload.find({
      collection: options.slugs.events,
      depth: 0,
      limit: RECOUNT_PAGE,
      overrideAccess: true,
      page,
      select: { categories: true, tags: true },
      sort: 'id',
      where: { status: { equals: 'publish' } },
    })
    for (const event of result.docs as Record<Relation, unknown>[]) {
      for (const relation of RELATIONS) {
        for (const id of new Set(idsOf(event[relation]))) tally[relation].set(id, (tally[relation].get(id) ?? 0) + 1)
      }
    }
    more = result.hasNextPage
  }
  for (const relation of RELATIONS) {
    const collection = relation === 'categories' ? options.slugs.categories : options.slugs.tags
    const { docs } = await payload.find({ collection, depth: 0, overrideAccess: true, pagination: false, select: { count: true } })
    for (const term of docs as { id: number; count?: number | null }[]) {
      const count = tally[relation].get(term.id) ?? 0
      // Straight to the adapter, as in recountTerms; only counts that changed are written.
      if (term.count !== count) await payload.db.updateOne({ collection, id: term.id, data: { count }, returning: false })
    }
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
