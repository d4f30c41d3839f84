import type { Id, MediaId, PostState, Related, RichText, SerializeContext } from '../core/model.js'

import { escapeHtml, excerptHtml, richTextToHtml } from '../richText/toHtml.js'
import { serializeImage } from './image.js'
import { fillTemplate, postFields, postSlug } from './post.js'

type LinkedPostDoc = PostState & {
  id: Id
  name?: string | null
  slug?: string | null
  description?: RichText
  excerpt?: string | null
  image?: MediaId | null
}

/** The leading fields of a venue or organizer, in the original's order; `nameKey` is `venue` or `organizer`. */
export function linkedPostHead(
  doc: LinkedPostDoc,
  nameKey: 'organizer' | 'venue',
  related: Pick<Related, 'media'>,
  ctx: SerializeContext,
) {
  return {
    id: doc.id,
    ...postFields(doc, ctx),
    url: fillTemplate(ctx.urls[nameKey], ctx, { id: doc.id, slug: doc.slug }),
    [nameKey]: escapeHtml(doc.name ?? ''),
    description: richTextToHtml(doc.description),
    excerpt: excerptHtml(doc.excerpt),
    slug: postSlug(doc),
    image: serializeImage(doc.image ? related.media.get(doc.image) : undefined, ctx),
  }
}
