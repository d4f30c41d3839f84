import type { Where } from 'payload'

import type { Id } from '../core/model.js'
import type { Reader } from './reader.js'

import { asCaller } from './reader.js'

const EARTH_RADIUS_KM = 6371

export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)))
}

/** Venues with coordinates, with their distance from a point when one is given (bounding box first, then exact). */
export async function venuesWithCoordinates(
  reader: Reader,
  near?: { lat: number; lng: number; radiusKm: number },
): Promise<Map<Id, number>> {
  const and: Where[] = [{ geoLat: { exists: true } }, { geoLng: { exists: true } }]
  if (near) {
    const latSpan = near.radiusKm / 111
    const lngSpan = near.radiusKm / (111 * Math.max(0.01, Math.cos((near.lat * Math.PI) / 180)))
    and.push(
      { geoLat: { greater_than_equal: near.lat - latSpan } },
      { geoLat: { less_than_equal: near.lat + latSpan } },
    )
    if (lngSpan < 180) {
      and.push(
        { geoLng: { greater_than_equal: near.lng - lngSpan } },
        { geoLng: { less_than_equal: near.lng + lngSpan } },
      )
    }
  }
  const { docs } = await reader.req.payload.find({
    ...asCaller(reader),
    collection: reader.options.slugs.venues,
    pagination: false,
    select: { geoLat: true, geoLng: true },
    where: { and },
  })
  const distances = new Map<Id, number>()
  for (const venue of docs as unknown as { id: Id; geoLat: number; geoLng: number }[]) {
    const distance = near ? distanceKm(near.lat, near.lng, venue.geoLat, venue.geoLng) : 0
    if (!near || distance <= near.radiusKm) distances.set(venue.id, distance)
  }
  return distances
}
