import type { TypedLocale } from 'payload'

import type { EventDoc, Id, OccurrenceDoc } from '../core/model.js'
import type { Reader } from './reader.js'

import { asCaller } from './reader.js'
import { loadRelated } from './related.js'

/**
 * Occurrences with what the changed ones have of their own (docs/api.md#changing-one-occurrence), in the caller's
 * language only: a title the occurrence was not given in that language is its event's in that language, not the
 * occurrence's in another. Lists read the occurrences' own columns; only the changed ones are read again.
 */
export async function withOwnContent(
  reader: Reader,
  occurrences: OccurrenceDoc[],
): Promise<OccurrenceDoc[]> {
  const changed = occurrences.filter((occurrence) => occurrence.changed).map(({ id }) => id)
  if (!changed.length) return occurrences
  const { docs } = await reader.req.payload.find({
    ...asCaller(reader),
    collection: reader.options.slugs.occurrences,
    where: { id: { in: changed } },
    locale: reader.locale as TypedLocale,
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

/** What an occurrence has of its own, in the language read: the rest is its series'. */
export function ownContent(occurrence: OccurrenceDoc): Partial<EventDoc> {
  const own: Partial<EventDoc> = {}
  if (occurrence.title) own.title = occurrence.title
  if (occurrence.description) own.description = occurrence.description
  if (occurrence.venue?.length) own.venue = occurrence.venue
  if (occurrence.organizers?.length) own.organizers = occurrence.organizers
  if (occurrence.image) own.image = occurrence.image
  return own
}

/** An event's occurrences with their own content, and the records the event and they link to. */
export async function withRelated(reader: Reader, doc: EventDoc, occurrences: OccurrenceDoc[]) {
  const own = await withOwnContent(reader, occurrences)
  const related = await loadRelated(reader, [
    doc,
    ...own.map((occurrence) => ownContent(occurrence) as EventDoc),
  ])
  return { occurrences: own, related }
}
