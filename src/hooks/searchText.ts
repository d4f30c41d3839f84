import type { CollectionBeforeChangeHook, Payload, PayloadRequest } from 'payload'

import { convertLexicalToPlaintext } from '@payloadcms/richtext-lexical/plaintext'

import { pluginOptionsOf } from '../core/options.js'
import { forEachBatch } from '../database/batches.js'
import { storedLocales } from '../fields/storedLocales.js'

type Localized<T> = Record<string, T | null | undefined>
type SearchedFields = Partial<Record<string, Localized<unknown>>>

/** The events' searched fields: `search` on events looks in their title, excerpt and description. */
export const EVENT_SEARCHED = ['title', 'excerpt', 'description'] as const
/** The searched fields of venues and organizers whose rich text no `like` on its stored JSON can match. */
export const DESCRIPTION_SEARCHED = ['description'] as const

const SEARCHED = {
  events: EVENT_SEARCHED,
  venues: DESCRIPTION_SEARCHED,
  organizers: DESCRIPTION_SEARCHED,
} as const

/**
 * Hook context key of a bulk import, which writes a record locale by locale and knows all its text up front: the
 * record's finished `searchText`, so no write has to read the stored locales back.
 */
export const SEARCH_TEXT = 'searchText'

const plain = (value: unknown): string => {
  if (!value) return ''
  if (typeof value === 'string') return value
  return convertLexicalToPlaintext({
    data: value as Parameters<typeof convertLexicalToPlaintext>[0]['data'],
  })
}

/** The search text of a record's searched fields, given by locale (or under any key when not localized). */
const searchTextOf = (searched: readonly string[], fields: SearchedFields): string =>
  searched
    .flatMap((field) => Object.values(fields[field] ?? {}).map(plain))
    .filter(Boolean)
    .join('\n')

/** The search text of an event from its data in each locale (the form a bulk import has it in). */
export const searchTextOfLocales = (
  byLocale: (readonly [string, Record<string, unknown>])[],
): string =>
  searchTextOf(
    EVENT_SEARCHED,
    Object.fromEntries(
      EVENT_SEARCHED.map((field) => [
        field,
        Object.fromEntries(byLocale.map(([locale, data]) => [locale, data[field]])),
      ]),
    ),
  )

/**
 * Keeps `searchText`: the `searched` fields (the events' title, excerpt and description; the description of a
 * venue or organizer, whose rich text no `like` on its stored JSON can match) of every locale as plain text, so
 * one indexable column answers `search` in any language, translated or not. The other locales come from the
 * stored record.
 */
export const searchText =
  (searched: readonly string[]): CollectionBeforeChangeHook =>
  async ({ collection, context, data, originalDoc, req }) => {
    if (typeof context[SEARCH_TEXT] === 'string') {
      data.searchText = context[SEARCH_TEXT]
      return data
    }
    const locale = req.locale ?? undefined
    const stored = originalDoc?.id
      ? ((await storedLocales(
          req,
          collection.slug,
          originalDoc.id,
          searched,
        )) as SearchedFields | null)
      : undefined
    const fields: SearchedFields = {}
    for (const field of searched) {
      fields[field] = { ...stored?.[field] }
      if (field in data) fields[field][locale ?? 'current'] = data[field]
    }
    data.searchText = searchTextOf(searched, fields)
    return data
  }

/** Records read per query while filling search texts in. */
const FILL_BATCH = 500

/**
 * Writes the search text of the calendar's records from what they hold in every locale: of those that have none
 * (`onlyMissing`: records saved before the search text existed), or of all of them (after a change of what it
 * holds). For migrations; straight to the adapter, so no other hook runs and no record looks edited. Safe to run
 * again. Returns how many records it wrote, by collection.
 */
export async function fillSearchText(
  payload: Payload,
  req: Partial<PayloadRequest>,
  { onlyMissing = true } = {},
): Promise<Record<string, number>> {
  const options = pluginOptionsOf(payload.config)
  if (!options) throw new Error('fillSearchText needs a config with the events calendar plugin')
  const written: Record<string, number> = {}
  for (const [key, searched] of Object.entries(SEARCHED)) {
    const collection = options.slugs[key as keyof typeof SEARCHED]
    written[collection] = await forEachBatch<SearchedFields & { id: number | string }>(
      payload,
      req,
      {
        collection,
        locale: 'all',
        select: Object.fromEntries(searched.map((field) => [field, true])),
        size: FILL_BATCH,
        where: onlyMissing ? { searchText: { exists: false } } : undefined,
      },
      async (docs) => {
        for (const doc of docs) {
          const data = { searchText: searchTextOf(searched, doc) }
          await payload.db.updateOne({ collection, id: doc.id, data, req, returning: false })
        }
      },
    )
  }
  return written
}
