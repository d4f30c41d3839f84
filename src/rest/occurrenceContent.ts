import type { TypedLocale } from 'payload'

import type { Id, OccurrenceDoc } from '../core/model.js'
import type { RestCall } from './route.js'

import { asCaller } from './localApi.js'

/**
 * Occurrences with what the changed ones have of their own (docs/api.md#changing-one-occurrence), in the caller's
 * language only: a title the occurrence was not given in that language is its event's in that language, not the
 * occurrence's in another. Lists read the occurrences' own columns; only the changed ones are read again.
 */
export async function withOwnContent(
  call: RestCall,
  occurrences: OccurrenceDoc[],
): Promise<OccurrenceDoc[]> {
  const changed = occurrences.filter((occurrence) => occurrence.changed).map(({ id }) => id)
  if (!changed.length) return occurrences
  const { docs } = await call.req.payload.find({
    ...asCaller(call),
    collection: call.options.slugs.occurrences,
    where: { id: { in: changed } },
    locale: call.locale as TypedLocale,
    fallbackLocale: false,
    pagination: false,
    select: { title: true, description: true, venue: true, organizers: true, image: true },
  })
  const own = new Map((docs as unknown as OccurrenceDoc[]).map((doc) => [doc.id, doc]))
  return occurrences.map((occurrence) => {
    const found = own.get(occurrence.id as Id)
    return found ? { ...occurrence, ...found, id: occurrence.id } : occurrence
  })
}
