import type {
  CollectionAfterChangeHook,
  CollectionSlug,
  CollectionBeforeDeleteHook,
  Payload,
  PayloadRequest,
  TypedLocale,
  Where,
} from 'payload'

import type { OccurrenceDoc, Recurrence } from '../core/model.js'

import { pluginOptionsOf, type ResolvedCalendarOptions } from '../core/options.js'

import { hasColumn, hasFeature, insertRows, updateRows } from '../database/adapter.js'
import { forEachBatch } from '../database/batches.js'
import { markCalendarChanged } from '../database/changeStamp.js'
import { lockUntilCommit } from '../database/writeLocks.js'
import { type Expansion, expandSeries, type SeriesTiming } from '../recurrence/expand.js'
import { parseRule } from '../recurrence/rule.js'
import { forgetOccurrenceCounts, isCounted, recountOccurrences } from './occurrenceCounts.js'

type Id = number | string
type Row = Record<string, unknown>
export type EventTiming = {
  id: Id
  startDate: string
  endDate: string
  startWall?: string | null
  timezone: string
  allDay?: boolean | null
  recurrence?: Recurrence | null
}
type StoredOccurrence = {
  id: Id
  key: string
  startDate: string
  endDate: string
  originalStart?: string | null
  moved?: boolean | null
  changed?: boolean | null
  cancelled?: boolean | null
  timezone?: string | null
  allDay?: boolean | null
}

/** An occurrence an editor had moved, changed or cancelled, which a change of its series' rule or dates deleted. */
export type DroppedOccurrence = {
  key: string
  moved: boolean
  changed: boolean
  cancelled: boolean
}

/** Where a write's request keeps the occurrences it dropped (`req.context`), for its answer to say. */
export const DROPPED_OCCURRENCES = 'calendarDroppedOccurrences'

export const seriesTimingOf = (event: EventTiming): SeriesTiming => ({
  start: new Date(event.startDate),
  end: new Date(event.endDate),
  startWall: event.startWall,
  timezone: event.timezone,
  allDay: Boolean(event.allDay),
  rule: event.recurrence?.rule?.trim() ? parseRule(event.recurrence.rule) : undefined,
  rdates: event.recurrence?.rdates ?? [],
  exdates: event.recurrence?.exdates ?? [],
})

/** The last instant occurrences are kept up to: `horizonMonths` after `now`. */
export function horizonOf(options: ResolvedCalendarOptions, now = new Date()): Date {
  const horizon = new Date(now)
  horizon.setUTCMonth(horizon.getUTCMonth() + options.recurrence.horizonMonths)
  return horizon
}

/**
 * The occurrences of `event` up to the horizon from `now`, at most `maxOccurrences` (of a series without end, at most
 * that many ahead of `now`).
 */
export const expandEvent = (
  options: ResolvedCalendarOptions,
  event: EventTiming,
  now = new Date(),
): Expansion =>
  expandSeries(
    seriesTimingOf(event),
    horizonOf(options, now),
    options.recurrence.maxOccurrences,
    now,
  )

const timingOf = (event: EventTiming) =>
  JSON.stringify([
    event.startDate,
    event.endDate,
    event.startWall ?? null,
    event.timezone,
    Boolean(event.allDay),
    event.recurrence?.rule?.trim() || null,
    event.recurrence?.rdates ?? [],
    event.recurrence?.exdates ?? [],
  ])

/**
 * Brings the stored occurrences of `event` in line with its timing, up to the horizon: occurrences of new keys are
 * made, those whose times moved are moved, those the series no longer has are deleted, and the others are left
 * as they are, so their ids stay. Writers of one series' occurrences take turns until they commit
 * (`lockUntilCommit`), in every server instance. Internal bookkeeping of a write the caller was allowed to make,
 * so it reads and writes occurrences whoever asks. True when it wrote, and so brought its counts up to date.
 *
 * `previous`: the event's timing before this write, or `'new'` for an event made in this write's transaction,
 * which no other writer can see yet: then nothing is stored to read, wait for or forget, and a single event's
 * create writes its one row and nothing else.
 */
export async function syncOccurrences(
  payload: Payload,
  req: Partial<PayloadRequest>,
  options: ResolvedCalendarOptions,
  event: EventTiming,
  { now = new Date(), previous }: { now?: Date; previous?: EventTiming | 'new' } = {},
): Promise<boolean> {
  const collection = options.slugs.occurrences
  const { occurrences, from } = expandEvent(options, event, now)
  const docs = previous === 'new' ? [] : await storedOccurrences(payload, req, collection, event.id)
  const stored = new Map(docs.map((doc) => [doc.key, doc]))
  const wanted = new Set(occurrences.map(({ key }) => key))
  // Occurrences before what the expansion covers (an endless series' past beyond the cap) stay as they were kept.
  const covered = (doc: StoredOccurrence) =>
    !from || new Date(doc.originalStart ?? doc.startDate) >= from
  const goneDocs = [...stored.values()].filter((doc) => !wanted.has(doc.key) && covered(doc))
  const gone = goneDocs.map(({ id }) => id)
  noteDropped(req, goneDocs)
  const created: Row[] = []
  const changed: { id: Id; values: Row }[] = []
  const clock = { timezone: event.timezone, allDay: Boolean(event.allDay) }
  for (const { key, start, end } of occurrences) {
    const planned = { originalStart: start.toISOString(), ...clock }
    const times = { startDate: planned.originalStart, endDate: end.toISOString() }
    const found = stored.get(key)
    if (!found) {
      created.push({ series: event.id, key, ...planned, ...times })
      continue
    }
    // An occurrence moved on its own keeps its times; only where the rule puts it follows the series.
    const values = found.moved ? planned : { ...planned, ...times }
    const differs = Object.entries(values).some(
      ([field, value]) => found[field as keyof StoredOccurrence] !== value,
    )
    if (differs) changed.push({ id: found.id, values })
  }
  if (!gone.length && !created.length && !changed.length) return false
  await writeOccurrences(payload, req, collection, { gone, created, changed })
  if (isCounted(event.recurrence)) await recountOccurrences(payload, req, options, [event.id])
  else if (previous !== 'new' && (!previous || isCounted(previous.recurrence)))
    await forgetOccurrenceCounts(payload, req, options, [event.id])
  return true
}

/** Keeps, in the write's request, the occurrences with an editor's changes that it is deleting. */
function noteDropped(req: Partial<PayloadRequest>, gone: StoredOccurrence[]) {
  const dropped = gone
    .filter((doc) => doc.moved || doc.changed || doc.cancelled)
    .map(({ key, moved, changed, cancelled }) => ({
      key,
      moved: Boolean(moved),
      changed: Boolean(changed),
      cancelled: Boolean(cancelled),
    }))
    .sort((a, b) => a.key.localeCompare(b.key))
  if (!dropped.length || !req.context) return
  const before = (req.context[DROPPED_OCCURRENCES] as DroppedOccurrence[] | undefined) ?? []
  req.context[DROPPED_OCCURRENCES] = [...before, ...dropped]
}

/** The occurrences kept of one series, once the writers of them before this one have committed. */
async function storedOccurrences(
  payload: Payload,
  req: Partial<PayloadRequest>,
  collection: CollectionSlug,
  series: Id,
): Promise<StoredOccurrence[]> {
  await lockUntilCommit({ ...req, payload }, [`occurrences ${series}`])
  const { docs } = await payload.find({
    collection,
    where: { series: { equals: series } },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
    select: {
      key: true,
      startDate: true,
      endDate: true,
      originalStart: true,
      moved: true,
      changed: true,
      cancelled: true,
      timezone: true,
      allDay: true,
    },
  })
  return docs as unknown as StoredOccurrence[]
}

/**
 * Deletes, makes and changes occurrences of one series: deletes in one statement on every adapter (occurrences have
 * no hooks of their own; their translations and links go with them), and on the SQL adapters the rest in a few
 * statements, the calendar marked changed once; elsewhere through the Local API (MongoDB's records are numbered in
 * its hooks), which marks it for each. Only the occurrences' own columns are written: new ones have no content of
 * their own yet.
 */
async function writeOccurrences(
  payload: Payload,
  req: Partial<PayloadRequest>,
  collection: CollectionSlug,
  { gone, created, changed }: { gone: Id[]; created: Row[]; changed: { id: Id; values: Row }[] },
): Promise<void> {
  if (gone.length) await payload.db.deleteMany({ collection, where: { id: { in: gone } }, req })
  if (!hasFeature(payload.db, 'bulkWrites')) {
    if (gone.length) await markCalendarChanged(payload, req)
    for (const data of created)
      await payload.create({ collection, data: data as never, overrideAccess: true, depth: 0, req })
    for (const { id, values } of changed)
      await payload.update({
        collection,
        id,
        data: values as never,
        overrideAccess: true,
        depth: 0,
        req,
      })
    return
  }
  const now = new Date().toISOString()
  const fresh = { cancelled: false, moved: false, changed: false, createdAt: now, updatedAt: now }
  await insertRows(
    payload.db,
    collection,
    created.map((row) => ({ ...fresh, ...row })),
    req.transactionID,
  )
  await updateRows(
    payload.db,
    collection,
    changed.map(({ id, values }) => ({ id, values: { ...values, updatedAt: now } })),
    req.transactionID,
  )
  await markCalendarChanged(payload, req)
}

/**
 * Cancels one occurrence of a series, for a write the caller was allowed to make on the series (checked by the
 * route, the series held for the write's transaction). Internal bookkeeping, as keeping occurrences is.
 */
export async function cancelOccurrence(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  id: Id,
): Promise<void> {
  const { series } = (await req.payload.update({
    collection: options.slugs.occurrences,
    id,
    data: { cancelled: true } as never,
    overrideAccess: true,
    depth: 0,
    req,
  })) as unknown as { series: Id }
  await recountOccurrences(req.payload, req, options, [series])
}

/**
 * Gives one occurrence times or content of its own (in `locale`), or cancels or restores it, for a write the caller
 * was allowed to make on its series (checked by the route). Internal bookkeeping, as keeping occurrences is.
 */
export async function changeOccurrence(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  id: Id,
  locale: string,
  data: Record<string, unknown>,
): Promise<OccurrenceDoc> {
  const changed = (await req.payload.update({
    collection: options.slugs.occurrences,
    id,
    data: data as never,
    locale: locale as TypedLocale,
    overrideAccess: true,
    depth: 0,
    req,
  })) as unknown as OccurrenceDoc
  // The counts hold times and cancellations only; a change of content leaves them as they are.
  if (['startDate', 'endDate', 'cancelled'].some((field) => field in data))
    await recountOccurrences(req.payload, req, options, [changed.series as Id])
  return changed
}

/**
 * Hands the occurrences of `keys` of one series over to a new series split off it, and keeps the new series'
 * occurrences from them: their ids, moves, own content and cancellations go with them. For a split the caller was
 * allowed to make (checked by the route).
 */
export async function handOverOccurrences(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  from: Id,
  to: EventTiming,
  keys: string[],
): Promise<void> {
  await req.payload.update({
    collection: options.slugs.occurrences,
    where: { and: [{ series: { equals: from } }, { key: { in: keys.length ? keys : [''] } }] },
    data: { series: to.id } as never,
    overrideAccess: true,
    depth: 0,
    req,
  })
  const recounted = await syncOccurrences(req.payload, req, options, to)
  await recountOccurrences(req.payload, req, options, recounted ? [from] : [from, to.id])
}

/**
 * Cancels the occurrences of `keys` of a series and no others, as a source the series is imported from has them.
 * Internal bookkeeping of the site owner's import.
 */
export async function keepCancelled(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  series: Id,
  keys: string[],
): Promise<void> {
  for (const [cancelled, where] of [
    [true, { key: { in: keys.length ? keys : [''] } }],
    [false, { key: { not_in: keys.length ? keys : [''] } }],
  ] as const) {
    await req.payload.update({
      collection: options.slugs.occurrences,
      where: { and: [{ series: { equals: series } }, where] },
      data: { cancelled } as never,
      overrideAccess: true,
      depth: 0,
      req,
    })
  }
  await recountOccurrences(req.payload, req, options, [series])
}

/** An occurrence at times of its own on a source a series is imported from: its key and its UTC instants. */
export type MovedOccurrence = { key: string; startDate: string; endDate: string }

/**
 * Gives the occurrences of `moves` of a series their times, and takes their own times from the others, as a source
 * the series is imported from has them. Internal bookkeeping of the site owner's import.
 */
export async function keepMoved(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  series: Id,
  moves: MovedOccurrence[],
): Promise<void> {
  const collection = options.slugs.occurrences
  const write = { collection, overrideAccess: true, depth: 0, req } as const
  const wanted = new Map(moves.map((move) => [move.key, move]))
  // Only the occurrences to move and those moved before can change.
  const { docs } = await req.payload.find({
    ...write,
    where: {
      and: [
        { series: { equals: series } },
        { or: [{ moved: { equals: true } }, { key: { in: [...wanted.keys(), ''] } }] },
      ],
    },
    pagination: false,
    select: { key: true, startDate: true, endDate: true, moved: true },
  })
  let changed = false
  let unmoved = false
  for (const doc of docs as unknown as StoredOccurrence[]) {
    const move = wanted.get(doc.key)
    if (move && (!doc.moved || doc.startDate !== move.startDate || doc.endDate !== move.endDate)) {
      await req.payload.update({
        ...write,
        id: doc.id,
        data: { startDate: move.startDate, endDate: move.endDate, moved: true } as never,
      })
      changed = true
    }
    if (!move && doc.moved) {
      await req.payload.update({ ...write, id: doc.id, data: { moved: false } as never })
      changed = unmoved = true
    }
  }
  if (!changed) return
  // Occurrences no longer moved take the times the rule gives them again.
  if (unmoved)
    await syncOccurrences(
      req.payload,
      req,
      options,
      (await req.payload.findByID({
        ...write,
        collection: options.slugs.events,
        id: series,
        trash: true,
      })) as unknown as EventTiming,
    )
  await recountOccurrences(req.payload, req, options, [series])
}

/**
 * Context of a write that makes an event which takes over occurrences of another ("this and following"): the
 * writer moves them and then keeps the new event's occurrences itself, so that they keep their ids.
 */
export const TAKES_OCCURRENCES = 'calendarTakesOccurrences'

/** Keeps an event's occurrences as it is created, and as its timing changes. */
export const keepOccurrences =
  (options: ResolvedCalendarOptions): CollectionAfterChangeHook =>
  async ({ doc, previousDoc, operation, req, context }) => {
    if (operation === 'create' && context[TAKES_OCCURRENCES]) return doc
    if (operation === 'create')
      await syncOccurrences(req.payload, req, options, doc as EventTiming, { previous: 'new' })
    else if (timingOf(doc as EventTiming) !== timingOf(previousDoc as EventTiming))
      await syncOccurrences(req.payload, req, options, doc as EventTiming, {
        previous: previousDoc as EventTiming,
      })
    return doc
  }

/**
 * An event deleted for good takes its occurrences with it (before it goes: they link to it), in one statement, as a
 * series' write does; the event's own delete marks the calendar changed.
 */
export const removeOccurrences =
  (options: ResolvedCalendarOptions): CollectionBeforeDeleteHook =>
  async ({ id, req }) => {
    await req.payload.db.deleteMany({
      collection: options.slugs.occurrences,
      where: { series: { equals: id } },
      req,
    })
    await req.payload.db.deleteMany({
      collection: options.slugs.occurrenceCounts,
      where: { series: { equals: id } },
      req,
    })
  }

/** Events read per query while keeping every event's occurrences. */
const FILL_BATCH = 200

/** Keeps the occurrences of every event matching `where`, trashed ones too, up to the horizon from now. */
async function keepAll(
  payload: Payload,
  req: Partial<PayloadRequest>,
  where?: Where,
  now = new Date(),
): Promise<number> {
  const options = pluginOptionsOf(payload.config)
  if (!options) throw new Error('occurrences need a config with the events calendar plugin')
  // The migration that fills occurrences comes before the one that adds `startWall` (as a site's may).
  const wallKept = await hasColumn(
    payload.db,
    options.slugs.events,
    'startWall',
    await req.transactionID,
  )
  return forEachBatch<EventTiming>(
    payload,
    req,
    {
      collection: options.slugs.events,
      select: {
        startDate: true,
        endDate: true,
        ...(wallKept && { startWall: true }),
        timezone: true,
        allDay: true,
        recurrence: true,
      },
      size: FILL_BATCH,
      where,
    },
    async (events) => {
      for (const event of events) await syncOccurrences(payload, req, options, event, { now })
    },
  )
}

/**
 * Keeps the occurrences of every event, up to the horizon from now: for the migration that gives events saved
 * before occurrences existed theirs. Safe to run again: what is in line is left as it is. Returns the number of
 * events gone through.
 */
export const fillOccurrences = (payload: Payload, req: Partial<PayloadRequest>): Promise<number> =>
  keepAll(payload, req)

/**
 * Moves the horizon of every recurring event forward to `horizonMonths` from `now`, and a series without end on to
 * `maxOccurrences` ahead of `now`: the scheduled job's work (`occurrenceHorizonTask`). Occurrences already kept stay
 * as they are, past ones too; safe to run on several instances at once, as saves of a series are. Returns the
 * number of recurring events gone through. `now` is for tests, which run the job as of a later day.
 */
export const extendOccurrences = (
  payload: Payload,
  req: Partial<PayloadRequest>,
  now = new Date(),
): Promise<number> => keepAll(payload, req, { recurrence: { exists: true } }, now)
