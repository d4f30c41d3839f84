import type {
  CollectionSlug,
  Payload,
  PayloadRequest,
  RequiredDataFromCollectionSlug,
  TypedLocale,
} from 'payload'

import { createLocalReq } from 'payload'

import { updatePlannerStatistics } from '../database/plannerStatistics.js'
import { inTransaction } from '../database/transactions.js'
import { keepCancelled, keepMoved } from '../hooks/occurrences.js'
import { SEARCH_TEXT, searchTextOfLocales } from '../hooks/searchText.js'
import { recountAllTerms } from '../hooks/termCounts.js'
import { pluginOptionsOf } from '../core/options.js'
import { SLUGS_TAKEN } from '../core/slugify.js'
import { inBothScripts, ownText } from '../fields/chineseConversions.js'
import { takenSlugs } from '../fields/slug.js'
import {
  type Dataset,
  type DatasetEvent,
  type KeyLookup,
  parentsFirst,
  toEventData,
  toMovedOccurrences,
  toOrganizerData,
  toTermData,
  toVenueData,
} from './dataset.js'

/** Data is built per collection at run time, so it cannot be matched to one member of the generated union. */
type CollectionData = RequiredDataFromCollectionSlug<CollectionSlug>

export type ImportKind = 'categories' | 'events' | 'organizers' | 'tags' | 'venues'
export type ImportSummary = Record<ImportKind, { created: number; existing: number }>
export type ImportProgress = (done: number, total: number) => void

/** Records written per transaction: one commit per batch is what makes large imports fast on SQLite. */
const BATCH_SIZE = 200
const KINDS: ImportKind[] = ['categories', 'tags', 'venues', 'organizers', 'events']

/**
 * Imports a calendar dataset (the format of the project's demo calendar and synthetic datasets) through the
 * Local API: hooks and validation run as for any write. Idempotent: a record whose `key` was imported before is
 * left as it is. Runs without a user, so access rules do not apply. Afterwards term counts are recounted and the
 * SQL databases' planner statistics updated.
 */
export async function importCalendarDataset(
  payload: Payload,
  dataset: Dataset,
  { onProgress = () => {} }: { onProgress?: ImportProgress } = {},
): Promise<ImportSummary> {
  const options = pluginOptionsOf(payload.config)
  if (!options)
    throw new Error('importCalendarDataset: the calendar plugin is not in this Payload config')
  const localization = payload.config.localization
  // Locale codes are the host's; its generated TypedLocale union cannot know them statically.
  const defaultLocale = (localization ? localization.defaultLocale : undefined) as
    TypedLocale | undefined
  const otherLocales = new Set(
    localization ? localization.localeCodes.filter((code) => code !== defaultLocale) : [],
  )
  const slugOf: Record<ImportKind, CollectionSlug> = {
    categories: options.slugs.categories,
    events: options.slugs.events,
    organizers: options.slugs.organizers,
    tags: options.slugs.tags,
    venues: options.slugs.venues,
  }

  const ids = {} as Record<ImportKind, Map<string, number>>
  for (const kind of KINDS) {
    const { docs } = await payload.find({
      collection: slugOf[kind],
      depth: 0,
      pagination: false,
      select: { importKey: true },
      trash: true,
      where: { importKey: { exists: true } },
    })
    ids[kind] = new Map(
      docs.map((doc) => [(doc as { importKey: string }).importKey, doc.id as number]),
    )
  }
  const lookup: KeyLookup = (kind, key) => {
    const id = ids[kind].get(key)
    if (id === undefined) throw new Error(`unknown ${kind} key "${key}"`)
    return id
  }

  const summary = Object.fromEntries(
    KINDS.map((kind) => [kind, { created: 0, existing: 0 }]),
  ) as ImportSummary
  const total = KINDS.reduce((sum, kind) => sum + dataset[kind].length, 0)
  let done = 0
  const slugsTaken = new Map<string, Set<string>>()
  const reader = await createLocalReq({}, payload)
  for (const kind of KINDS) slugsTaken.set(slugOf[kind], await takenSlugs(reader, slugOf[kind]))

  const importRecord = async <T extends { key: string; translations?: Record<string, Partial<T>> }>(
    req: PayloadRequest,
    kind: ImportKind,
    record: T,
    toData: (fields: Partial<T>) => Record<string, unknown>,
  ): Promise<number | undefined> => {
    let created: number | undefined
    if (ids[kind].has(record.key)) {
      summary[kind].existing++
    } else {
      const { translations, ...fields } = record
      const byLocale = Object.entries(translations ?? {})
        .filter(([locale]) => otherLocales.has(locale))
        .map(([locale, translation]) => [locale, toData(translation)] as const)
      const data = toData(fields as Partial<T>)
      const context: Record<string, unknown> = { skipTermCounts: true, [SLUGS_TAKEN]: slugsTaken }
      if (kind === 'events')
        context[SEARCH_TEXT] = searchTextOfLocales([
          [defaultLocale ?? 'current', data],
          ...byLocale,
        ])
      const bothScripts = inBothScripts(options.chinese, [
        defaultLocale ?? '',
        ...byLocale.map(([locale]) => locale),
      ])
      const own = (written: Record<string, unknown>) =>
        bothScripts ? { ...context, ...ownText(Object.keys(written)) } : context
      const write = { collection: slugOf[kind], depth: 0, req } as const
      const doc = await payload.create({
        ...write,
        context: own(data),
        data: { ...data, importKey: record.key } as CollectionData,
        locale: defaultLocale,
      })
      for (const [locale, translation] of byLocale) {
        await payload.update({
          ...write,
          context: own(translation),
          id: doc.id,
          data: translation as CollectionData,
          locale: locale as TypedLocale,
        })
      }
      ids[kind].set(record.key, doc.id as number)
      summary[kind].created++
      created = doc.id as number
    }
    onProgress(++done, total)
    return created
  }

  /** A new series' cancelled and moved dates, kept on the occurrences its rule made. */
  const keepDates = async (req: PayloadRequest, id: number, event: DatasetEvent) => {
    const dates = [
      ...(event.cancelled_dates ?? []),
      ...(event.moved_dates ?? []).map(({ date }) => date),
    ]
    if (!dates.length) return
    const { docs } = await payload.find({
      collection: options.slugs.occurrences,
      depth: 0,
      pagination: false,
      req,
      select: { key: true },
      where: { and: [{ series: { equals: id } }, { key: { in: dates } }] },
    })
    const found = new Set(docs.map((doc) => (doc as { key: string }).key))
    const missing = dates.filter((date) => !found.has(date))
    if (missing.length)
      throw new Error(`event ${event.key} does not repeat on ${missing.join(', ')}`)
    if (event.cancelled_dates?.length) await keepCancelled(req, options, id, event.cancelled_dates)
    if (event.moved_dates?.length) await keepMoved(req, options, id, toMovedOccurrences(event))
  }

  // In this order, so that each record's links find the records they name imported before it.
  const steps: ((req: PayloadRequest) => Promise<unknown>)[] = [
    ...parentsFirst(dataset.categories).map(
      (category) => (req: PayloadRequest) =>
        importRecord(req, 'categories', category, (fields) =>
          toTermData(fields, fields.parent ? lookup('categories', fields.parent) : undefined),
        ),
    ),
    ...dataset.tags.map(
      (tag) => (req: PayloadRequest) =>
        importRecord(req, 'tags', tag, (fields) => toTermData(fields)),
    ),
    ...dataset.venues.map(
      (venue) => (req: PayloadRequest) => importRecord(req, 'venues', venue, toVenueData),
    ),
    ...dataset.organizers.map(
      (organizer) => (req: PayloadRequest) =>
        importRecord(req, 'organizers', organizer, toOrganizerData),
    ),
    ...dataset.events.map((event) => async (req: PayloadRequest) => {
      const created = await importRecord(req, 'events', event, (fields) =>
        toEventData(fields, lookup),
      )
      if (created !== undefined) await keepDates(req, created, event)
    }),
  ]
  for (let at = 0; at < steps.length; at += BATCH_SIZE) {
    const req = await createLocalReq({}, payload)
    await inTransaction(req, async () => {
      for (const step of steps.slice(at, at + BATCH_SIZE)) await step(req)
    })
  }
  await recountAllTerms(payload, options)
  await updatePlannerStatistics(payload)
  return summary
}
