import type { CollectionSlug } from 'payload'

import type {
  EventDoc,
  MediaDoc,
  MediaId,
  OrganizerDoc,
  Related,
  TermDoc,
  VenueDoc,
} from '../core/model.js'
import type { Reader } from './reader.js'

import { findByIds } from './reads.js'

const unique = <I extends MediaId>(ids: (I | null | undefined)[]) => [
  ...new Set(ids.filter((id): id is I => typeof id === 'number' || typeof id === 'string')),
]

/** Loads the records with these ids in one go; those the caller may not read are simply absent. */
export const loadByIds = <T extends { id: MediaId }>(
  reader: Reader,
  collection: CollectionSlug,
  ids: (MediaId | null | undefined)[],
) => findByIds<T>(reader, collection, unique(ids))

/** Every record a page of events refers to: one query per related collection, media last. */
export async function loadRelated(reader: Reader, events: EventDoc[]): Promise<Related> {
  const { slugs } = reader.options
  const [venues, organizers, categories, tags] = await Promise.all([
    loadByIds<VenueDoc>(
      reader,
      slugs.venues,
      events.flatMap((event) => event.venue ?? []),
    ),
    loadByIds<OrganizerDoc>(
      reader,
      slugs.organizers,
      events.flatMap((event) => event.organizers ?? []),
    ),
    loadByIds<TermDoc>(
      reader,
      slugs.categories,
      events.flatMap((event) => event.categories ?? []),
    ),
    loadByIds<TermDoc>(
      reader,
      slugs.tags,
      events.flatMap((event) => event.tags ?? []),
    ),
  ])
  const media = await loadByIds<MediaDoc>(reader, slugs.media, [
    ...events.map((event) => event.image),
    ...[...venues.values()].map((venue) => venue.image),
    ...[...organizers.values()].map((organizer) => organizer.image),
  ])
  return { venues, organizers, categories, tags, media }
}

/** For records without events: only their images. */
export async function loadMedia(
  reader: Reader,
  docs: { image?: MediaId | null }[],
): Promise<Related> {
  const media = await loadByIds<MediaDoc>(
    reader,
    reader.options.slugs.media,
    docs.map((doc) => doc.image),
  )
  return { venues: new Map(), organizers: new Map(), categories: new Map(), tags: new Map(), media }
}
