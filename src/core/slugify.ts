import { slugify } from 'transliteration'

const MAX_SLUG_LENGTH = 180

/** Readable ASCII slug; Chinese is transliterated to pinyin (`新年音樂會` → `xin-nian-yin-le-hui`). */
export function toSlug(text: string): string {
  return slugify(text, { lowercase: true, separator: '-', trim: true })
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '')
}

/**
 * Hook context key of a bulk import: `Map<collection slug, Set<slug>>` of the slugs taken so far. With it, a new
 * record's slug is chosen from memory instead of a query that scans the collection for each record.
 */
export const SLUGS_TAKEN = 'slugsTaken'

/** The first of `base`, `base-2`, `base-3`, … that is not in `taken`. */
export function firstFreeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
  }
}

/** `uniqueSlug` against the slugs a bulk import keeps in memory; the chosen slug is marked as taken. */
export function uniqueSlugFromMemory(base: string, taken: Set<string>): string {
  const slug = firstFreeSlug(base, taken)
  taken.add(slug)
  return slug
}
