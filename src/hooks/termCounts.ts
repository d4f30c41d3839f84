import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  Payload,
  PayloadRequest,
} from 'payload'

import type { ResolvedCalendarOptions } from '../core/options.js'

import { markCalendarChanged } from '../database/changeStamp.js'
import { lockUntilCommit } from '../database/writeLocks.js'

type Relation = 'categories' | 'tags'
const RELATIONS: Relation[] = ['categories', 'tags']

const idsOf = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.map(
        (item) => (typeof item === 'object' && item ? (item as { id: number }).id : item) as number,
      )
    : []

const termCollection = (options: ResolvedCalendarOptions, relation: Relation) =>
  relation === 'categories' ? options.slugs.categories : options.slugs.tags

/**
 * A term's `count` is the number of published events that carry it. Counts are recomputed from the events, not
 * incremented, and writers recounting one term take turns until they commit, in every server instance, so each
 * count sees the events the others committed and none is lost. Internal bookkeeping: reads all events, whoever
 * asks.
 */
async function recountTerms(
  payload: Payload,
  options: ResolvedCalendarOptions,
  terms: Record<Relation, number[]>,
  req: PayloadRequest,
): Promise<void> {
  const locks = RELATIONS.flatMap((relation) =>
    terms[relation].map((id) => `count ${termCollection(options, relation)} ${id}`),
  )
  await lockUntilCommit(req, locks)
  for (const relation of RELATIONS)
    await recountRelation(payload, options, relation, terms[relation], req)
}

async function recountRelation(
  payload: Payload,
  options: ResolvedCalendarOptions,
  relation: Relation,
  ids: number[],
  req: PayloadRequest,
): Promise<void> {
  for (const id of new Set(ids)) {
    const { totalDocs } = await payload.count({
      collection: options.slugs.events,
      overrideAccess: true,
      req,
      where: { and: [{ [relation]: { in: [id] } }, { status: { equals: 'publish' } }] },
    })
    // Straight to the adapter: a term untranslated in the request's locale would fail `name` validation.
    await payload.db.updateOne({
      collection: termCollection(options, relation),
      id,
      data: { count: totalDocs },
      req,
      returning: false,
    })
  }
}

/** Published events read per query while recounting every term. */
const RECOUNT_PAGE = 2000

/**
 * Recounts every term in one pass over the published events, tallied in memory: one query per term would cost
 * a scan of the events each, which on PostgreSQL takes minutes at 10,000 events.
 */
export async function recountAllTerms(
  payload: Payload,
  options: ResolvedCalendarOptions,
): Promise<void> {
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
        for (const id of new Set(idsOf(event[relation])))
          tally[relation].set(id, (tally[relation].get(id) ?? 0) + 1)
      }
    }
    more = result.hasNextPage
  }
  for (const relation of RELATIONS) {
    const collection = termCollection(options, relation)
    const { docs } = await payload.find({
      collection,
      depth: 0,
      overrideAccess: true,
      pagination: false,
      select: { count: true },
    })
    for (const term of docs as { id: number; count?: number | null }[]) {
      const count = tally[relation].get(term.id) ?? 0
      // Straight to the adapter, as in recountTerms; only counts that changed are written.
      if (term.count !== count)
        await payload.db.updateOne({ collection, id: term.id, data: { count }, returning: false })
    }
  }
  await markCalendarChanged(payload)
}

/** Seeding passes `context.skipTermCounts` and recounts once at the end. */
export const termCountsAfterChange =
  (options: ResolvedCalendarOptions): CollectionAfterChangeHook =>
  async ({ context, doc, previousDoc, req }) => {
    if (context.skipTermCounts) return doc
    const terms = (relation: Relation) => [
      ...idsOf(doc[relation]),
      ...idsOf(previousDoc?.[relation]),
    ]
    await recountTerms(
      req.payload,
      options,
      { categories: terms('categories'), tags: terms('tags') },
      req,
    )
    return doc
  }

export const termCountsAfterDelete =
  (options: ResolvedCalendarOptions): CollectionAfterDeleteHook =>
  async ({ context, doc, req }) => {
    if (context.skipTermCounts) return
    await recountTerms(
      req.payload,
      options,
      { categories: idsOf(doc.categories), tags: idsOf(doc.tags) },
      req,
    )
  }
