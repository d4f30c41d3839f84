import type { CollectionSlug, PayloadRequest, Where } from 'payload'

import { slugify } from 'transliteration'

import { lockUntilCommit } from './database/writeLocks.js'

const MAX_SLUG_LENGTH = 180

/** Readable ASCII slug; Chinese is transliterated to pinyin (`新年音樂會` → `xin-nian-yin-le-hui`). */
export function toSlug(text: string): string {
  return slugify(text, { lowercase: true, separator: '-', trim: true })
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '')
}

/**
 * The slugs of the collection's records that match `where`, trashed ones included. This is bookkeeping across
 * records the caller may not be allowed to see, so it reads without access checks and returns nothing but slugs.
 */
async function slugsUsed(req: PayloadRequest, collection: CollectionSlug, where?: Where): Promise<Set<string>> {
  const { docs } = await req.payload.find({
    collection,
    depth: 0,
    overrideAccess: true,
    pagination: false,
    req,
    select: { slug: true },
    trash: true,
    where,
  })
  return new Set(docs.map((doc) => (doc as { slug?: string }).slug).filter((slug): slug is string => Boolean(slug)))
}

/** Every slug a collection uses: a bulk import loads them once (see `SLUGS_TAKEN`). */
export const takenSlugs = (req: PayloadRequest, collection: CollectionSlug) => slugsUsed(req, collection)

/**
 * Hook context key of a bulk import: `Map<collection slug, Set<slug>>` of the slugs taken so far. With it, a new
 * record's slug is chosen from memory instead of a query that scans the collection for each record.
 */
export const SLUGS_TAKEN = 'slugsTaken'

function firstFree(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
  }
}

/**
 * The first of `base`, `base-2`, `base-3`, … that no other record of the collection uses, trashed ones included.
 * Writers of one base take turns until they commit, in every server instance, so parallel writes of one title
 * get distinct slugs.
 */
export async function uniqueSlug(args: {
  base: string
  collection: CollectionSlug
  excludeId?: number | string
  req: PayloadRequest
}): Promise<string> {
  const { base, collection, excludeId, req } = args
  await lockUntilCommit(req, [`slug ${collection} ${base}`])
  const taken = await slugsUsed(req, collection, {
    and: [
      { or: [{ slug: { equals: base } }, { slug: { like: `${base}-` } }] },
      ...(excludeId !== undefined ? [{ id: { not_equals: excludeId } }] : []),
    ],
  })
  return firstFree(base, taken)
}

/** `uniqueSlug` against the slugs a bulk import keeps in memory; the chosen slug is marked as taken. */
export function uniqueSlugFromMemory(base: string, taken: Set<string>): string {
  const slug = firstFree(base, taken)
  taken.add(slug)
  return slug
}
