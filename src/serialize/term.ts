import type { Id, SerializeContext, TermDoc } from '../core/model.js'
import type { EmbeddedTerm, TermObject, TermUrls } from './wire.js'

import { escapeHtml } from '../richText/toHtml.js'
import { fillTemplate } from './post.js'

export type Taxonomy = 'categories' | 'tags'

const WP_TAXONOMY = { categories: 'tribe_events_cat', tags: 'post_tag' } as const

function termUrls(
  term: TermDoc,
  taxonomy: Taxonomy,
  ctx: Pick<SerializeContext, 'namespaceURL'>,
): TermUrls {
  const collection = `${ctx.namespaceURL}/${taxonomy}`
  const urls: TermUrls = { self: `${collection}/${term.id}`, collection }
  if (term.parent) urls.up = `${collection}/${term.parent}`
  return urls
}

/** A term as embedded in an event: the WP_Term fields plus `urls` (docs/api.md#get-events4ml_languagezh-hant). */
export function serializeEmbeddedTerm(
  term: TermDoc,
  taxonomy: Taxonomy,
  ctx: Pick<SerializeContext, 'namespaceURL'>,
): EmbeddedTerm {
  return {
    name: escapeHtml(term.name ?? ''),
    slug: term.slug ?? '',
    term_group: 0,
    term_taxonomy_id: term.id,
    taxonomy: WP_TAXONOMY[taxonomy],
    description: escapeHtml(term.description ?? ''),
    parent: term.parent ?? 0,
    count: term.count ?? 0,
    filter: 'raw',
    id: term.id,
    urls: termUrls(term, taxonomy, ctx),
  }
}

/** `music/jazz`: the slugs of the category and its ancestors, root first. */
export function categoryPath(term: TermDoc, categories: Map<Id, TermDoc>): string {
  const slugs: string[] = []
  const seen = new Set<Id>()
  for (let current: TermDoc | undefined = term; current && !seen.has(current.id);) {
    seen.add(current.id)
    slugs.unshift(current.slug ?? '')
    current = current.parent ? categories.get(current.parent) : undefined
  }
  return slugs.join('/')
}

/** A term of the categories and tags endpoints (docs/api.md#get-categories2); only categories have `parent`. */
export function serializeTerm(
  term: TermDoc,
  taxonomy: Taxonomy,
  categories: Map<Id, TermDoc>,
  ctx: Pick<SerializeContext, 'namespaceURL' | 'pagePrefix' | 'serverURL' | 'urls'>,
): TermObject {
  const url =
    taxonomy === 'categories'
      ? fillTemplate(ctx.urls.category, ctx, {
          id: term.id,
          path: categoryPath(term, categories),
          slug: term.slug,
        })
      : fillTemplate(ctx.urls.tag, ctx, { id: term.id, slug: term.slug })
  return {
    id: term.id,
    count: term.count ?? 0,
    description: escapeHtml(term.description ?? ''),
    name: escapeHtml(term.name ?? ''),
    slug: term.slug ?? '',
    taxonomy: WP_TAXONOMY[taxonomy],
    ...(taxonomy === 'categories' ? { parent: term.parent ?? 0 } : {}),
    meta: [],
    url,
    urls: termUrls(term, taxonomy, ctx),
  }
}
