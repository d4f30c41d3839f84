import type {
  CostDetails,
  DateDetails,
  EmbeddedTerm,
  EventJsonLd,
  EventObject,
  ImageObject,
  ImageSizeObject,
  OfferJsonLd,
  OrganizerObject,
  PersonJsonLd,
  PlaceJsonLd,
  PostalAddress,
  RecurrenceObject,
  TermObject,
  TermUrls,
  VenueObject,
} from './wire.js'

/**
 * The JSON Schemas of the wire objects, for `/doc`'s components. Each is checked by tsc against the type its
 * serialiser returns (`wire.ts`): every key has a property, and exactly the keys the type leaves optional are not
 * required. Objects are closed (`additionalProperties: false`): the document describes every field an answer
 * carries, and a test holds the answers to that.
 */
export type Schema = Record<string, unknown>

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{}` has every optional key of T
type OptionalKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? K : never }[keyof T]

const objectOf =
  <T>(description: string) =>
  <const O extends readonly OptionalKeys<T>[]>(
    properties: { [K in keyof T]-?: Schema },
    optional: O & ([OptionalKeys<T>] extends [O[number]] ? unknown : 'list every optional key'),
  ): Schema => ({
    type: 'object',
    description,
    properties,
    required: Object.keys(properties).filter(
      (key) => !(optional as readonly string[]).includes(key),
    ),
    additionalProperties: false,
  })

export type ComponentName =
  | 'CostDetails'
  | 'DateDetails'
  | 'EmbeddedTerm'
  | 'Error'
  | 'Event'
  | 'EventJsonLd'
  | 'Image'
  | 'ImageSize'
  | 'Index'
  | 'OfferJsonLd'
  | 'Organizer'
  | 'PersonJsonLd'
  | 'PlaceJsonLd'
  | 'PostalAddress'
  | 'Recurrence'
  | 'RouteDescription'
  | 'Term'
  | 'TermUrls'
  | 'Venue'

export const ref = (name: ComponentName): Schema => ({ $ref: `#/components/schemas/${name}` })

const string: Schema = { type: 'string' }
const integer: Schema = { type: 'integer' }
const number: Schema = { type: 'number' }
const boolean: Schema = { type: 'boolean' }
/** `null` while a password-protected event is not unlocked. */
const flag: Schema = { type: ['boolean', 'null'] }
const strings: Schema = { type: 'array', items: string }
const alwaysEmpty: Schema = { type: 'array', maxItems: 0 }
/** `YYYY-MM-DD HH:MM:SS`; `0000-00-00 00:00:00` for the UTC dates of a record never published, unless given. */
const wallClock: Schema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' }
const taxonomy: Schema = { type: 'string', enum: ['tribe_events_cat', 'post_tag'] }

const postFields = {
  status: { type: 'string', enum: ['publish', 'future', 'draft', 'pending', 'private', 'trash'] },
  date: wallClock,
  date_utc: wallClock,
  modified: wallClock,
  modified_utc: wallClock,
}
const globalIds = { global_id: string, global_id_lineage: strings }

const dateDetails = objectOf<DateDetails>('The parts of a date, as zero-padded strings')(
  { year: string, month: string, day: string, hour: string, minutes: string, seconds: string },
  [],
)

const costDetails = objectOf<CostDetails>(
  'The cost as parsed: its currency and the numbers it names, ascending',
)(
  {
    currency_symbol: string,
    currency_code: string,
    currency_position: { type: 'string', enum: ['', 'prefix', 'postfix'] },
    values: strings,
  },
  [],
)

const imageSize = objectOf<ImageSizeObject>('One generated size of an image')(
  { width: integer, height: integer, 'mime-type': string, filesize: integer, url: string },
  ['width', 'height', 'mime-type', 'filesize'],
)

const image = objectOf<ImageObject>('A featured image')(
  {
    url: string,
    id: integer,
    extension: string,
    width: integer,
    height: integer,
    filesize: integer,
    sizes: { type: 'object', additionalProperties: ref('ImageSize') },
  },
  ['extension', 'width', 'height', 'filesize'],
)

const termUrls = objectOf<TermUrls>('REST URLs of a term, its collection and its parent')(
  { self: string, collection: string, up: string },
  ['up'],
)

const embeddedTerm = objectOf<EmbeddedTerm>('A category or tag as an event carries it')(
  {
    name: string,
    slug: string,
    term_group: { type: 'integer', const: 0 },
    term_taxonomy_id: integer,
    taxonomy,
    description: string,
    parent: integer,
    count: integer,
    filter: { type: 'string', const: 'raw' },
    id: integer,
    urls: ref('TermUrls'),
  },
  [],
)

const term = objectOf<TermObject>('A category or tag; only categories have `parent`')(
  {
    id: integer,
    count: integer,
    description: string,
    name: string,
    slug: string,
    taxonomy,
    parent: integer,
    meta: alwaysEmpty,
    url: string,
    urls: ref('TermUrls'),
  },
  ['parent'],
)

const postalAddress = objectOf<PostalAddress>('schema.org PostalAddress')(
  {
    '@type': { type: 'string', const: 'PostalAddress' },
    streetAddress: string,
    addressLocality: string,
    addressRegion: string,
    postalCode: string,
    addressCountry: string,
  },
  ['streetAddress', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry'],
)

const placeJsonLd = objectOf<PlaceJsonLd>('schema.org Place of a venue')(
  {
    '@type': { type: 'string', const: 'Place' },
    name: string,
    description: string,
    image: string,
    url: string,
    address: ref('PostalAddress'),
    geo: {
      type: 'object',
      required: ['@type', 'latitude', 'longitude'],
      properties: {
        '@type': { type: 'string', const: 'GeoCoordinates' },
        latitude: number,
        longitude: number,
      },
      additionalProperties: false,
    },
    telephone: string,
    sameAs: string,
  },
  ['image', 'geo'],
)

const personJsonLd = objectOf<PersonJsonLd>('schema.org Person of an organizer')(
  {
    '@type': { type: 'string', const: 'Person' },
    name: string,
    description: string,
    image: string,
    url: string,
    telephone: string,
    email: string,
    sameAs: string,
  },
  ['image'],
)

const offerJsonLd = objectOf<OfferJsonLd>('schema.org Offer of an event with a cost')(
  {
    '@type': { type: 'string', const: 'Offer' },
    price: string,
    priceCurrency: string,
    url: string,
    category: { type: 'string', const: 'primary' },
    availability: { type: 'string', const: 'inStock' },
    validFrom: string,
  },
  [],
)

const eventJsonLd = objectOf<EventJsonLd>('schema.org Event, with the first venue and organizer')(
  {
    '@context': { type: 'string', const: 'http://schema.org' },
    '@type': { type: 'string', const: 'Event' },
    name: string,
    description: string,
    image: string,
    url: string,
    eventAttendanceMode: string,
    eventStatus: string,
    startDate: string,
    endDate: string,
    location: ref('PlaceJsonLd'),
    organizer: ref('PersonJsonLd'),
    offers: ref('OfferJsonLd'),
    performer: { type: 'string', const: 'Organization' },
  },
  ['image', 'location', 'organizer', 'offers'],
)

const featuredImage: Schema = {
  oneOf: [{ const: false }, ref('Image')],
  description: 'The featured image, or false',
}

const venue = objectOf<VenueObject>(
  'A venue; empty fields are left out; `json_ld` on single reads only',
)(
  {
    id: integer,
    author: string,
    ...postFields,
    url: string,
    venue: string,
    description: string,
    excerpt: string,
    slug: string,
    image: ref('Image'),
    address: string,
    city: string,
    country: string,
    province: string,
    state: string,
    zip: string,
    phone: string,
    website: string,
    stateprovince: string,
    geo_lat: number,
    geo_lng: number,
    json_ld: ref('PlaceJsonLd'),
    show_map: boolean,
    show_map_link: boolean,
    ...globalIds,
  },
  [
    'author',
    'venue',
    'description',
    'excerpt',
    'slug',
    'image',
    'address',
    'city',
    'country',
    'province',
    'state',
    'zip',
    'phone',
    'website',
    'stateprovince',
    'geo_lat',
    'geo_lng',
    'json_ld',
  ],
)

const organizer = objectOf<OrganizerObject>(
  'An organizer; empty fields are left out; `json_ld` on single reads only',
)(
  {
    id: integer,
    author: string,
    ...postFields,
    url: string,
    organizer: string,
    description: string,
    excerpt: string,
    slug: string,
    image: ref('Image'),
    phone: string,
    website: string,
    email: string,
    json_ld: ref('PersonJsonLd'),
    ...globalIds,
  },
  [
    'author',
    'organizer',
    'description',
    'excerpt',
    'slug',
    'image',
    'phone',
    'website',
    'email',
    'json_ld',
  ],
)

const event = objectOf<EventObject>(
  'An event; one password-protected and not unlocked has its protected fields empty or null; `json_ld` on single reads',
)(
  {
    id: integer,
    ...globalIds,
    author: string,
    ...postFields,
    url: string,
    rest_url: string,
    title: string,
    description: string,
    excerpt: string,
    slug: string,
    image: featuredImage,
    all_day: flag,
    start_date: wallClock,
    start_date_details: ref('DateDetails'),
    end_date: wallClock,
    end_date_details: ref('DateDetails'),
    utc_start_date: wallClock,
    utc_start_date_details: ref('DateDetails'),
    utc_end_date: wallClock,
    utc_end_date_details: ref('DateDetails'),
    timezone: string,
    timezone_abbr: string,
    cost: string,
    cost_details: ref('CostDetails'),
    website: string,
    show_map: flag,
    show_map_link: flag,
    hide_from_listings: flag,
    sticky: flag,
    featured: flag,
    ticketed: flag,
    categories: { type: 'array', items: ref('EmbeddedTerm') },
    tags: { type: 'array', items: ref('EmbeddedTerm') },
    venue: {
      description: 'The venue; an array when there are several, `[]` when there is none',
      oneOf: [ref('Venue'), { type: 'array', items: ref('Venue') }],
    },
    organizer: { type: 'array', items: ref('Organizer') },
    custom_fields: alwaysEmpty,
    recurrence: ref('Recurrence'),
    json_ld: ref('EventJsonLd'),
  },
  ['recurrence', 'json_ld'],
)

const recurrence = objectOf<RecurrenceObject>(
  "Ours, on recurring events only (the original has no such field): the series and how it repeats. An occurrence's `id` is its own, from 1000000001 up, and its `url` ends in its date",
)(
  {
    series_id: { ...integer, description: 'The id of the event that repeats' },
    occurrence: {
      type: ['string', 'null'],
      description:
        'The local date the rule puts the occurrence on (`YYYY-MM-DD`, `-2` for a second one that day): its name while the series lives; null for the series itself, in the answer to a write',
    },
    cancelled: {
      ...boolean,
      description:
        'This occurrence alone is cancelled (`DELETE` of its id): lists and feeds leave it out, its id still answers',
    },
    original_start: {
      type: ['string', 'null'],
      description:
        "Where the rule puts the occurrence, in the event's zone (`YYYY-MM-DD HH:MM:SS`, as `start_date`): its start unless it was moved on its own; null for the series itself",
    },
    changed: {
      ...boolean,
      description:
        "This occurrence has times or content of its own (a write to its id); the rest is the series'",
    },
    rule: {
      type: ['string', 'null'],
      description:
        'The RFC 5545 rule (`FREQ=WEEKLY;BYDAY=TU,TH;COUNT=10`), null with extra dates only',
    },
    rdates: {
      ...strings,
      description:
        "Extra starts: local `YYYY-MM-DDTHH:MM[:SS]` in the event's zone (a date alone for all-day), or instants ending in `Z`",
    },
    exdates: { ...strings, description: 'Excluded local starts, as `rdates`' },
  },
  [],
)

/** A nested error of `data.details`: what a type or limit check found wrong with one parameter. */
const detail: Schema = {
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: { code: string, message: string, data: { type: 'object' } },
  additionalProperties: false,
}

/** The error body of every failure: `data` carries the status and, by code, `params`, `details` or `term_id`. */
const error: Schema = {
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: {
    code: string,
    message: string,
    data: {
      type: 'object',
      required: ['status'],
      properties: {
        status: integer,
        params: {
          description: 'The invalid parameters with why, or the names of the missing ones',
          oneOf: [{ type: 'object', additionalProperties: string }, strings],
        },
        details: {
          description:
            'Per invalid parameter, the nested error of a type or limit check (`[]` when none)',
          oneOf: [{ type: 'object', additionalProperties: detail }, alwaysEmpty],
        },
        term_id: { ...integer, description: 'term_exists: the id of the existing term' },
      },
      additionalProperties: true,
    },
    additional_data: {
      type: 'array',
      items: integer,
      description: 'term_exists: the id of the existing term',
    },
  },
  additionalProperties: false,
}

/** One route as `OPTIONS` and the index describe it: its methods, and each method's arguments. */
const routeDescription: Schema = {
  type: 'object',
  required: ['namespace', 'methods', 'endpoints'],
  properties: {
    namespace: string,
    methods: strings,
    endpoints: {
      type: 'array',
      items: {
        type: 'object',
        required: ['methods', 'args'],
        properties: {
          methods: strings,
          args: {
            description:
              'Each argument as a JSON schema, with `required` as a boolean (the original: `[]` for none)',
            oneOf: [
              {
                type: 'object',
                additionalProperties: {
                  type: 'object',
                  required: ['required'],
                  properties: { required: boolean },
                },
              },
              alwaysEmpty,
            ],
          },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
}

/** The namespace index: every route with its methods and arguments, as the original lists them. */
const index: Schema = {
  type: 'object',
  required: ['namespace', 'routes'],
  properties: {
    namespace: string,
    routes: { type: 'object', additionalProperties: ref('RouteDescription') },
  },
  additionalProperties: false,
}

export const COMPONENT_SCHEMAS: Record<ComponentName, Schema> = {
  Event: event,
  Venue: venue,
  Organizer: organizer,
  Term: term,
  EmbeddedTerm: embeddedTerm,
  TermUrls: termUrls,
  Image: image,
  ImageSize: imageSize,
  DateDetails: dateDetails,
  CostDetails: costDetails,
  EventJsonLd: eventJsonLd,
  PlaceJsonLd: placeJsonLd,
  PersonJsonLd: personJsonLd,
  OfferJsonLd: offerJsonLd,
  PostalAddress: postalAddress,
  Recurrence: recurrence,
  Error: error,
  Index: index,
  RouteDescription: routeDescription,
}

/** A page of a list route: the items under their key, the totals, and the neighbour pages when there are some. */
export const pageOf = (key: string, item: ComponentName): Schema => ({
  type: 'object',
  required: [key, 'rest_url', 'total', 'total_pages'],
  properties: {
    [key]: { type: 'array', items: ref(item) },
    rest_url: string,
    next_rest_url: string,
    previous_rest_url: string,
    total: integer,
    total_pages: integer,
  },
  additionalProperties: false,
})
