'use client'
import { useFormFields } from '@payloadcms/ui'

import { useCalendarT } from './language.js'
import { mapLink, type VenueLocation } from '../core/mapLink.js'

const parts = [
  'address',
  'city',
  'state',
  'province',
  'zip',
  'country',
  'geoLat',
  'geoLng',
] as const

/** A link that opens the venue on a map, built from its coordinates or address as the editor types them. */
export const VenueMapLink = () => {
  const t = useCalendarT()
  const venue = useFormFields(([fields]) =>
    Object.fromEntries(parts.map((name) => [name, fields[name]?.value])),
  ) as VenueLocation
  const href = mapLink(venue)
  return (
    <div className="field-type pec-map-link">
      {href ? (
        <a href={href} rel="noopener noreferrer" target="_blank">
          {t('openMap')} ↗
        </a>
      ) : (
        <span className="pec-muted">{t('mapLinkHint')}</span>
      )}
    </div>
  )
}
