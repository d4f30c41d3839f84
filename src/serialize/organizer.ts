import type { EventView, OrganizerDoc, Related, SerializeContext } from '../core/model.js'
import type { OrganizerObject } from './wire.js'

import { escapeOptional } from '../richText/toHtml.js'
import { personJsonLd } from './jsonLd.js'
import { linkedPostHead } from './linkedPost.js'
import { globalIds, withoutEmpty } from './post.js'

/**
 * An organizer (docs/api.md#get-organizers4ml_languagezh-hans), also embedded in `event.organizer`: empty fields are
 * left out; the global ids are always there; `json_ld` on single GETs only.
 */
export function serializeOrganizer(
  doc: OrganizerDoc,
  related: Pick<Related, 'media'>,
  ctx: SerializeContext,
  view: Pick<EventView, 'single'>,
): OrganizerObject {
  const fields = withoutEmpty({
    ...linkedPostHead(doc, 'organizer', related, ctx),
    phone: escapeOptional(doc.phone),
    website: escapeOptional(doc.website),
    email: escapeOptional(doc.email),
  }) as Omit<OrganizerObject, 'global_id' | 'global_id_lineage'>
  return {
    ...fields,
    ...(view.single ? { json_ld: personJsonLd(doc, related, ctx) } : {}),
    ...globalIds(doc.id, ctx, 'organizer'),
  }
}
