import type { EventView, Related, SerializeContext, VenueDoc } from '../core/model.js'
import type { VenueObject } from './wire.js'

import { escapeOptional } from '../richText/toHtml.js'
import { placeJsonLd } from './jsonLd.js'
import { linkedPostHead } from './linkedPost.js'
import { globalIds, withoutEmpty } from './post.js'

/**
 * A venue (docs/api.md#get-venues5), also embedded as `event.venue`: empty fields are left out; `show_map`,
 * `show_map_link` and the global ids are always there; `json_ld` on single GETs only.
 */
export function serializeVenue(
  doc: VenueDoc,
  related: Pick<Related, 'media'>,
  ctx: SerializeContext,
  view: Pick<EventView, 'single'>,
): VenueObject {
  const fields = withoutEmpty({
    ...linkedPostHead(doc, 'venue', related, ctx),
    address: escapeOptional(doc.address),
    city: escapeOptional(doc.city),
    country: escapeOptional(doc.country),
    province: escapeOptional(doc.province),
    state: escapeOptional(doc.state),
    zip: escapeOptional(doc.zip),
    phone: escapeOptional(doc.phone),
    website: escapeOptional(doc.website),
    stateprovince: escapeOptional(doc.stateProvince || doc.state || doc.province),
  }) as Omit<VenueObject, 'global_id' | 'global_id_lineage' | 'show_map' | 'show_map_link'>
  const hasGeo = typeof doc.geoLat === 'number' && typeof doc.geoLng === 'number'
  return {
    ...fields,
    ...(hasGeo ? { geo_lat: doc.geoLat as number, geo_lng: doc.geoLng as number } : {}),
    ...(view.single ? { json_ld: placeJsonLd(doc, related, ctx) } : {}),
    show_map: doc.showMap ?? true,
    show_map_link: doc.showMapLink ?? true,
    ...globalIds(doc.id, ctx, 'venue'),
  }
}
