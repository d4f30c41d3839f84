/** The parts of a venue a map link is built from. */
export type VenueLocation = {
  address?: null | string
  city?: null | string
  country?: null | string
  geoLat?: null | number
  geoLng?: null | number
  province?: null | string
  state?: null | string
  zip?: null | string
}

/**
 * A Google Maps search link for a venue, as the original's "Google Map" link: the coordinates when both are set,
 * else the address parts; null when there is nothing to search for.
 */
export function mapLink(venue: VenueLocation): null | string {
  const { geoLat, geoLng } = venue
  const hasCoordinates = typeof geoLat === 'number' && typeof geoLng === 'number'
  const query = hasCoordinates
    ? `${geoLat},${geoLng}`
    : [venue.address, venue.city, venue.state, venue.province, venue.zip, venue.country]
        .map((part) => part?.trim())
        .filter(Boolean)
        .join(', ')
  return query
    ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
    : null
}
