import type { CollectionSlug, TypedLocale, Where } from 'payload'

import type { Id } from '../core/model.js'
import type { Reader } from './reader.js'

import { inEveryScript } from '../core/convertChinese.js'
import { KEEP_WRITE_ONLY } from '../hooks/writeOnly.js'

/** Characters that are wildcards (`%`, `_`) or the escape (`\`, PostgreSQL) of the SQL adapters' `like`. */
const LIKE_SPECIAL = /[%_\\]/

type Search = {
  collection: CollectionSlug
  /** Top-level fields searched; a record matches when one of them holds every word. */
  fields: string[]
  search: string
  /** The list's other conditions, which bound the candidates of a literal match. */
  where: Where[]
  trash?: boolean
}

const words = (text: string) => text.toLocaleLowerCase().split(/\s+/).filter(Boolean)

/** Payload's `like` on each field: every word of one of `texts` in that field, case-insensitively. */
const likeAny = (fields: string[], texts: string[]): Where => ({
  or: texts.flatMap((text) => fields.map((field) => ({ [field]: { like: text } }))),
})

/**
 * The condition for `search`, matched literally. Payload's `like` passes `%` and `_` to SQL as wildcards, and no
 * escape works on every adapter, so a search holding them is matched in two steps: `like` on the text between them
 * finds the candidates (a superset), and the ids of those whose fields hold the words as written are kept.
 */
export async function searchCondition(reader: Reader, search: Search): Promise<Where> {
  const scripts = reader.options.chinese
  const forms = scripts ? await inEveryScript(search.search, scripts) : [search.search]
  if (!LIKE_SPECIAL.test(search.search)) return likeAny(search.fields, forms)
  const arounds = forms
    .map((form) => words(form.split(LIKE_SPECIAL).join(' ')).join(' '))
    .filter(Boolean)
  // As the caller, but in a request of its own, so that keeping write-only fields for this read keeps them for no
  // other.
  const { docs } = await reader.req.payload.find({
    user: reader.req.user,
    overrideAccess: false,
    locale: reader.locale as TypedLocale,
    depth: 0,
    context: { [KEEP_WRITE_ONLY]: true },
    collection: search.collection,
    pagination: false,
    select: Object.fromEntries(search.fields.map((field) => [field, true])),
    showHiddenFields: true,
    trash: search.trash,
    where: {
      and: [...search.where, ...(arounds.length ? [likeAny(search.fields, arounds)] : [])],
    },
  })
  const wanted = forms.map(words)
  const matching = (docs as unknown as Record<string, unknown>[]).filter((doc) =>
    search.fields.some((field) => {
      const value = typeof doc[field] === 'string' ? doc[field].toLocaleLowerCase() : ''
      return wanted.some((form) => form.every((word) => value.includes(word)))
    }),
  )
  // id 0 is never used: `in: [0]` matches nothing on every adapter, where an empty list is not portable.
  return { id: { in: [...matching.map((doc) => doc.id as Id), 0] } }
}
