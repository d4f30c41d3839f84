import type { CollectionSlug, PayloadRequest } from 'payload'

/**
 * A stored record's `fields` in every locale (`{ title: { en: …, 'zh-hant': … } }`), read inside the write in
 * progress (its transaction), trashed records included.
 */
export async function storedLocales(
  req: PayloadRequest,
  collection: CollectionSlug,
  id: number | string,
  fields: readonly string[],
): Promise<Record<string, Record<string, unknown> | undefined> | null> {
  const { locale, fallbackLocale } = req
  try {
    return (await req.payload.findByID({
      collection,
      id,
      depth: 0,
      disableErrors: true,
      locale: 'all',
      overrideAccess: true,
      req,
      select: Object.fromEntries(fields.map((field) => [field, true])),
      trash: true,
    })) as Record<string, Record<string, unknown> | undefined> | null
  } finally {
    // The Local API sets the locale on the request it is given; the write in progress needs its own back.
    req.locale = locale
    req.fallbackLocale = fallbackLocale
  }
}
