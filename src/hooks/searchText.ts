import type { CollectionBeforeChangeHook } from 'payload'

import { convertLexicalToPlaintext } from '@payloadcms/richtext-lexical/plaintext'

type Localized<T> = Record<string, T | null | undefined>
const SEARCHED = ['title', 'excerpt', 'description'] as const

const plain = (value: unknown): string => {
  if (!value) return ''
  if (typeof value === 'string') return value
  return convertLexicalToPlaintext({ data: value as Parameters<typeof convertLexicalToPlaintext>[0]['data'] })
}

/**
 * Keeps `searchText`: the title, excerpt and description of every locale as plain text, so one indexable column
 * answers `search` in any language, translated or not. The other locales come from the stored record.
 */
export const searchText: CollectionBeforeChangeHook = async ({ collection, data, originalDoc, req }) => {
  const locale = req.locale ?? undefined
  const fallbackLocale = req.fallbackLocale
  let stored: Record<(typeof SEARCHED)[number], Localized<unknown>> | undefined
  try {
    stored = originalDoc?.id
      ? ((await req.payload.findByID({
          collection: collection.slug,
          id: originalDoc.id,
          depth: 0,
          locale: 'all',
          overrideAccess: true,
          req,
          select: { title: true, excerpt: true, description: true },
          // A record restored from the trash is still in it while it is written.
          trash: true,
        })) as unknown as Record<(typeof SEARCHED)[number], Localized<unknown>>)
      : undefined
  } finally {
    // The Local API sets the locale on the request it is given; the write in progress needs its own back.
    req.locale = locale
    req.fallbackLocale = fallbackLocale
  }
  const parts: string[] = []
  for (const field of SEARCHED) {
    const values: Localized<unknown> = { ...(stored?.[field] ?? {}) }
    if (field in data && locale) values[locale] = data[field]
    else if (field in data) values.current = data[field]
    parts.push(...Object.values(values).map(plain))
  }
  data.searchText = parts.filter(Boolean).join('\n')
  return data
}
