import type { CollectionSlug, PayloadRequest } from 'payload'

import { slugify } from 'transliteration'

const MAX_SLUG_LENGTH = 180

/** Readable ASCII slug; Chinese is transliterated to pinyin (`新年音樂會` → `xin-nian-yin-le-hui`). */
export function toSlug(text: string): string {
  return slugify(text, { lowercase: true, separator: '-', trim: true })
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '')
}

/**
 * The first of `base`, `base-2`, `base-3`, … that no other record of the collection uses, trashed ones included.
 * This is bookkeeping across records the caller may not be allowed to see, so it reads without access checks
 * and returns nothing but the chosen slug.
 */
export async function uniqueSlug(args: {
  base: string
  collection: CollectionSlug
  excludeId?: number | string
  req: PayloadRequest
}): Promise<string> {
  const { base, collection, excludeId, req } = args
  const { docs } = await req.payload.find({
    collection,
    depth: 0,
    overrideAccess: true,
    pagination: false,
    req,
    select: { slug: true },
    trash: true,
    where: {
      and: [
        { or: [{ slug: { equals: base } }, { slug: { like: `${base}-` } }] },
        ...(excludeId !== undefined ? [{ id: { not_equals: excludeId } }] : []),
      ],
    },
  })
  const taken = new Set(docs.map((doc) => (doc as { slug?: string }).slug))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
  }
}
