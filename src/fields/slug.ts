import type { CollectionSlug, PayloadRequest, TextField, Where } from 'payload'

import { t3 } from '../core/adminLanguages.js'
import { firstFreeSlug, SLUGS_TAKEN, toSlug, uniqueSlugFromMemory } from '../core/slugify.js'
import { lockUntilCommit } from '../database/writeLocks.js'

/** The text of a (possibly localized) field, preferring the default locale. */
function textOf(value: unknown, defaultLocale: string | undefined): string {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object') {
    const byLocale = value as Record<string, unknown>
    const preferred = defaultLocale ? byLocale[defaultLocale] : undefined
    const first =
      typeof preferred === 'string' && preferred ? preferred : Object.values(byLocale).find(Boolean)
    return typeof first === 'string' ? first : ''
  }
  return ''
}

/**
 * The slugs of the collection's records that match `where`, trashed ones included. This is bookkeeping across
 * records the caller may not be allowed to see, so it reads without access checks and returns nothing but slugs.
 */
async function slugsUsed(
  req: PayloadRequest,
  collection: CollectionSlug,
  where?: Where,
): Promise<Set<string>> {
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
  return new Set(
    docs
      .map((doc) => (doc as { slug?: string }).slug)
      .filter((slug): slug is string => Boolean(slug)),
  )
}

/** Every slug a collection uses: a bulk import loads them once (see `SLUGS_TAKEN`). */
export const takenSlugs = (req: PayloadRequest, collection: CollectionSlug) =>
  slugsUsed(req, collection)

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
  return firstFreeSlug(base, taken)
}

/**
 * One slug per record, unique in the collection. When none is given it is made from the title (`from`), once:
 * later title changes keep the slug, so public URLs stay stable. A title with nothing to transliterate falls
 * back to `fallback` (`event`, `event-2`, …).
 */
export const slugField = (args: { fallback: string; from: string }): TextField => ({
  name: 'slug',
  type: 'text',
  index: true,
  unique: true,
  label: t3('Slug', '别名', '代稱'),
  admin: {
    position: 'sidebar',
    description: t3(
      'Part of the public URL. Made from the title when left empty.',
      '公开网址的一部分，留空时根据标题自动生成。',
      '公開網址的一部分，留空時依標題自動產生。',
    ),
  },
  hooks: {
    beforeValidate: [
      async ({ collection, context, data, originalDoc, req, value }) => {
        if (!collection) return value
        const given = typeof value === 'string' ? toSlug(value) : ''
        if (given && given === originalDoc?.slug) return given
        if (!given && originalDoc?.slug) return originalDoc.slug
        const defaultLocale = req.payload.config.localization
          ? req.payload.config.localization.defaultLocale
          : undefined
        const source =
          textOf(data?.[args.from], defaultLocale) ||
          textOf(originalDoc?.[args.from], defaultLocale)
        const base = given || toSlug(source) || args.fallback
        const taken = (context[SLUGS_TAKEN] as Map<string, Set<string>> | undefined)?.get(
          collection.slug,
        )
        if (taken && originalDoc?.id === undefined) return uniqueSlugFromMemory(base, taken)
        return uniqueSlug({ base, collection: collection.slug, excludeId: originalDoc?.id, req })
      },
    ],
  },
})
