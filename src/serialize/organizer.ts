import type { EventView, OrganizerDoc, Related, SerializeContext } from './types.js'
import type { OrganizerObject } from './wire.js'

import { escapeHtml, excerptHtml, richTextToHtml } from './html.js'
import { serializeImage } from './image.js'
import { personJsonLd } from './jsonLd.js'
import { fillTemplate, globalIds, postFields, postSlug, withoutEmpty } from './post.js'

/**
 * An organizer (ORIGINAL §6), also embedded in `event.organizer`: empty fields are left out; the global ids are
 * always there; `json_ld` on single GETs only.
 */
export function serializeOrganizer(
  doc: OrganizerDoc,
  related: Pick<Related, 'media'>,
  ctx: SerializeContext,
  view: Pick<EventView, 'single'>,
): OrganizerObject {
  const image = serializeImage(doc.image ? related.media.get(doc.image) : undefined, ctx)
  const fields = withoutEmpty({
    id: doc.id,
    ...postFields(doc, ctx),
    url: fillTemplate(ctx.urls.organizer, ctx, { id: doc.id, slug: doc.slug }),
    organizer: escapeHtml(doc.name ?? ''),
    description: richTextToHtml(doc.description),
    excerpt: excerptHtml(doc.excerpt),
    slug: postSlug(doc),
    image,
    phone: doc.phone,
    website: doc.website,
    email: doc.email,
  }) as Omit<OrganizerObject, 'global_id' | 'global_id_lineage'>
  return {
    ...fields,
    ...(view.single ? { json_ld: personJsonLd(doc, related, ctx) } : {}),
    ...globalIds(doc.id, ctx),
  }
}
