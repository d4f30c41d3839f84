import type { VenueDoc } from '../src/core/model.js'
import type { ResolvedCalendarOptions } from '../src/core/options.js'

import { coordinateParam } from '../src/rest/commonParams.js'
import { type LinkedPostKind, linkedPostRoutes } from '../src/rest/linkedPosts.js'
import { type Param, ParamError, stringValue } from '../src/rest/params.js'
import { publicationParams } from '../src/rest/postWrites.js'
import { serializeVenue } from '../src/serialize/venue.js'

const text = (description: string): Param<string> => ({
  type: 'string',
  description,
  parse: stringValue,
})

/** The original declares these as strings: `"1"`, `"true"`, `"0"`, `"false"`; a JSON boolean is a type error. */
const flag = (description: string): Param<boolean> => ({
  type: 'string',
  description,
  parse: (raw, name) => {
    const value = stringValue(raw, name).toLowerCase()
    if (!['1', 'true', 'yes', '0', 'false', 'no', ''].includes(value)) throw new ParamError()
    return ['1', 'true', 'yes'].includes(value)
  },
})

const writeParams = {
  address: text('The venue address'),
  city: text('The venue city'),
  country: text('The venue country'),
  province: text('The venue province'),
  state: text('The venue state'),
  stateprovince: text('The venue state or province'),
  zip: text('The venue ZIP code'),
  phone: text('The venue phone number'),
  website: publicationParams.website,
  show_map: flag('Whether events at the venue show a map'),
  show_map_link: flag('Whether events at the venue show a map link'),
  geo_lat: coordinateParam(90, 'The venue latitude'),
  geo_lng: coordinateParam(180, 'The venue longitude'),
}

const toData = (values: Record<string, unknown>) => {
  const data: Record<string, unknown> = {
    name: values.venue,
    address: values.address,
    city: values.city,
    country: values.country,
    province: values.province,
    state: values.state,
    stateProvince: values.stateprovince,
    zip: values.zip,
    phone: values.phone,
    website: values.website,
    showMap: values.show_map,
    showMapLink: values.show_map_link,
    geoLat: values.geo_lat,
    geoLng: values.geo_lng,
  }
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined))
}

/** Venues: their routes, and the venue object of an event write. */
export const venueKind: LinkedPostKind<VenueDoc> = {
  resource: 'venue',
  plural: 'venues',
  collection: (resolved) => resolved.slugs.venues,
  eventField: 'venue',
  searchFields: [
    'name',
    'address',
    'city',
    'state',
    'province',
    'stateProvince',
    'country',
    'zip',
    'phone',
    'excerpt',
    'searchText',
  ],
  serialize: serializeVenue,
  schema: 'Venue',
  writeParams,
  toData,
}

export const venueRoutes = (options: ResolvedCalendarOptions, locales: string[]) =>
  linkedPostRoutes(venueKind, options, locales)
