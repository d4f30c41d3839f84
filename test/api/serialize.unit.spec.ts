import type {
  EventDoc,
  MediaDoc,
  Related,
  SerializeContext,
  TermDoc,
  VenueDoc,
} from '../../src/core/model.js'

import { formatCost } from '../../src/serialize/cost.js'
import { dateDetails, isoWithOffset, timezoneAbbr, wallClock } from '../../src/serialize/dates.js'
import { serializeEvent } from '../../src/serialize/event.js'
import { escapeHtml, excerptHtml, richTextToHtml } from '../../src/richText/toHtml.js'
import { serializeImage } from '../../src/serialize/image.js'
import { serializeOrganizer } from '../../src/serialize/organizer.js'
import { serializeEmbeddedTerm, serializeTerm } from '../../src/serialize/term.js'
import { serializeVenue } from '../../src/serialize/venue.js'
import {
  BASE_URL,
  captureNames,
  decodeEntities,
  eventDoc,
  htmlToRichText,
  loadCapture,
  organizerDoc,
  relatedOf,
  termDoc,
  venueDoc,
  type Wire,
  withTypedGlobalIds,
} from '../fixtures/captures.js'

/** A context that reproduces the URLs of the install the captures were taken on. */
const ctx: SerializeContext = {
  serverURL: BASE_URL,
  namespaceURL: `${BASE_URL}/wp-json/tribe/events/v1`,
  pagePrefix: '',
  siteTimezone: 'America/New_York',
  urls: {
    events: '{serverURL}/events/',
    event: '{serverURL}/event/{slug}/',
    venue: '{serverURL}/venue/{slug}/',
    organizer: '{serverURL}/organizer/{slug}/',
    category: '{serverURL}/events/category/{path}/',
    tag: '{serverURL}/tag/{slug}/',
  },
  defaultCurrencySymbol: '$',
  defaultCurrencyPosition: 'prefix',
}

const SINGLE = { single: true, blanked: false }
const LISTED = { single: false, blanked: false }
const noMedia: Pick<Related, 'media'> = { media: new Map() }

/** Every key path in order, so that the original's key order is compared and not only the values. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => keyPaths(item, `${prefix}[${index}]`))
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, child]) => [
    `${prefix}.${key}`,
    ...keyPaths(child, `${prefix}.${key}`),
  ])
}

/**
 * The original obfuscates json_ld e-mails with entities chosen at random (WordPress's antispambot), so no fixed
 * pattern can match it; ours is deterministic: compare the addresses they decode to.
 */
function decodeEmails<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (key, child) =>
    key === 'email' && typeof child === 'string' ? decodeEntities(child) : child,
  )
}

function expectWire(actual: unknown, expected: unknown) {
  const [a, e] = [decodeEmails(actual), decodeEmails(withTypedGlobalIds(expected))]
  expect(a).toEqual(e)
  expect(keyPaths(a)).toEqual(keyPaths(e))
}

/**
 * `ticketed` is ours (docs/api.md#where-we-knowingly-differ-from-the-original, item 10), right after `featured`; the
 * original has no such key.
 */
function withoutTicketed(event: Wire): Wire {
  const keys = Object.keys(event)
  expect(keys[keys.indexOf('featured') + 1]).toBe('ticketed')
  const { ticketed: _ticketed, ...rest } = event
  return rest
}

describe('events, compared with captured responses', () => {
  test.each([
    'events-single-get-anon',
    'events-single-all-day',
    'events-single-other-timezone',
    'events-single-multi-day-two-organizers',
    'events-single-no-venue-no-organizer',
  ])('%s', (name) => {
    const { body } = loadCapture(name)
    expectWire(
      withoutTicketed(serializeEvent(eventDoc(body), relatedOf(body), ctx, SINGLE) as Wire),
      body,
    )
  })

  test('events-single-password-right-password-200: an unlocked protected event has no json_ld of its own', () => {
    const { body } = loadCapture('events-single-password-right-password-200')
    const doc = { ...eventDoc(body), passwordProtected: true }
    expectWire(withoutTicketed(serializeEvent(doc, relatedOf(body), ctx, SINGLE) as Wire), body)
  })

  test('events-list-default-anon: a list item has no json_ld, here or in its venue', () => {
    const { body } = loadCapture('events-list-default-anon')
    const item = body.events[0]
    expectWire(
      withoutTicketed(serializeEvent(eventDoc(item), relatedOf(item), ctx, LISTED) as Wire),
      item,
    )
  })

  test('events-list-password-event-included-anon: a protected event is listed with its fields blanked', () => {
    const listed = loadCapture('events-list-password-event-included-anon').body.events[0]
    // the same event, unlocked with its password: what is stored
    const unlocked = loadCapture('events-single-password-right-password-200').body
    const doc = { ...eventDoc(unlocked), passwordProtected: true }
    const blanked = serializeEvent(doc, relatedOf(unlocked), ctx, {
      single: false,
      blanked: true,
    }) as Wire
    expect(blanked.ticketed).toBeNull()
    expectWire(withoutTicketed(blanked), listed)
  })

  test('ticketed follows featured, false unless set', () => {
    const { body } = loadCapture('events-single-get-anon')
    expect(serializeEvent(eventDoc(body), relatedOf(body), ctx, LISTED).ticketed).toBe(false)
    expect(
      serializeEvent({ ...eventDoc(body), ticketed: true }, relatedOf(body), ctx, LISTED).ticketed,
    ).toBe(true)
  })

  test('several venues are an array; a missing related record is left out', () => {
    const { body } = loadCapture('events-single-get-anon')
    const related = relatedOf(body)
    const second: VenueDoc = {
      ...venueDoc(body.venue),
      id: 999,
      name: 'Second Hall',
      slug: 'second-hall',
    }
    related.venues.set(second.id, second)
    const doc = {
      ...eventDoc(body),
      venue: [body.venue.id, 999],
      organizers: [body.organizer[0].id, 12345],
    }
    const event = serializeEvent(doc, related, ctx, LISTED)
    expect(Array.isArray(event.venue) && event.venue.map((venue) => venue.venue)).toEqual([
      'Blue Note Hall',
      'Second Hall',
    ])
    expect(event.organizer).toHaveLength(1)
  })

  test('titles are plain text, escaped; an empty website falls back to the event URL; trash is a status', () => {
    const { body } = loadCapture('events-single-no-venue-no-organizer')
    const doc: EventDoc = {
      ...eventDoc(body),
      title: `Rock & Roll <b>"Live"</b>`,
      deletedAt: '2026-11-23T00:00:00.000Z',
    }
    const event = serializeEvent(doc, relatedOf(body), ctx, LISTED)
    expect(event.title).toBe('Rock &amp; Roll &lt;b&gt;&quot;Live&quot;&lt;/b&gt;')
    expect(event.website).toBe(`${BASE_URL}/event/online-webinar/`)
    expect(event.status).toBe('trash')
    expect(event.slug).toBe('online-webinar__trashed')
    expect(
      serializeEvent(
        { ...doc, website: 'https://x.example/?a=1&b=2' },
        relatedOf(body),
        ctx,
        LISTED,
      ).website,
    ).toBe('https://x.example/?a=1&amp;b=2')
  })

  test('a draft has no slug and zero GMT dates until it is edited', () => {
    const { body } = loadCapture('events-single-no-venue-no-organizer')
    const draft: EventDoc = { ...eventDoc(body), status: 'draft', publishedAt: null }
    const event = serializeEvent(draft, relatedOf(body), ctx, LISTED)
    expect(event).toMatchObject({
      status: 'draft',
      slug: '',
      date_utc: '0000-00-00 00:00:00',
      modified_utc: '0000-00-00 00:00:00',
    })
    expect(event.date).toBe(wallClock(draft.createdAt, ctx.siteTimezone))
    const edited = serializeEvent(
      { ...draft, updatedAt: '2026-11-25T10:00:00.000Z' },
      relatedOf(body),
      ctx,
      LISTED,
    )
    expect(edited).toMatchObject({
      date_utc: '0000-00-00 00:00:00',
      modified_utc: '2026-11-25 10:00:00',
      modified: '2026-11-25 05:00:00',
    })
  })

  test('a draft keeps the slug and publication date a write gave it', () => {
    const { body } = loadCapture('events-single-no-venue-no-organizer')
    const given: EventDoc = {
      ...eventDoc(body),
      status: 'pending',
      slugGiven: true,
    }
    expect(serializeEvent(given, relatedOf(body), ctx, LISTED)).toMatchObject({
      status: 'pending',
      slug: body.slug,
      date_utc: body.date_utc,
      modified_utc: body.modified_utc,
    })
    expect(body.slug).toBeTruthy()
  })

  test('an event in a UTC+N zone', () => {
    const { body } = loadCapture('events-single-other-timezone')
    const doc: EventDoc = { ...eventDoc(body), timezone: 'UTC+2' }
    const event = serializeEvent(doc, relatedOf(body), ctx, SINGLE)
    expect(event).toMatchObject({
      start_date: '2026-12-10 20:00:00',
      timezone: 'UTC+2',
      timezone_abbr: 'UTC+2',
    })
    expect(event.json_ld?.startDate).toBe('2026-12-10T20:00:00+02:00')
  })

  test('json_ld describes an event without excerpt by the first 55 words of its description, as text', () => {
    const { body } = loadCapture('events-single-no-venue-no-organizer')
    const words = Array.from({ length: 60 }, (_, index) => `w${index}`)
    const doc: EventDoc = {
      ...eventDoc(body),
      description: htmlToRichText(
        `<p>It's <strong>${words.slice(0, 30).join(' ')}</strong></p>\n<p>${words.slice(30).join(' ')}</p>`,
      ),
    }
    const description = serializeEvent(doc, relatedOf(body), ctx, SINGLE).json_ld?.description
    expect(description).toBe(
      `&lt;p&gt;It\\'s ${words.slice(0, 54).join(' ')} [&hellip;]&lt;/p&gt;\\n`,
    )
  })

  test('json_ld offers: free is 0, a currency code wins over USD, text without a number has no offer', () => {
    const { body } = loadCapture('events-single-get-anon')
    const jsonLd = (cost: Partial<EventDoc>) =>
      serializeEvent({ ...eventDoc(body), ...cost }, relatedOf(body), ctx, SINGLE).json_ld
    expect(jsonLd({ cost: 'Free' })?.offers?.price).toBe('0')
    expect(jsonLd({ cost: '1,000 - 200', currencyCode: 'HKD' })?.offers).toMatchObject({
      price: '200 – 1000',
      priceCurrency: 'HKD',
    })
    expect(jsonLd({ cost: 'Donation' })).not.toHaveProperty('offers')
    expect(jsonLd({ cost: '' })).not.toHaveProperty('offers')
  })
})

describe('cost and cost_details', () => {
  test.each(captureNames('events-create-cost-'))('%s', (name) => {
    const { request, body } = loadCapture(name)
    expectWire(formatCost({ cost: request.body.cost }, ctx), {
      cost: body.cost,
      cost_details: body.cost_details,
    })
  })

  test('an explicit currency on the event wins over the text and the site default', () => {
    expect(
      formatCost({ cost: '10 - 20', currencySymbol: 'HK$', currencyCode: 'HKD' }, ctx),
    ).toEqual({
      cost: 'HK$10 – HK$20',
      cost_details: {
        currency_symbol: 'HK$',
        currency_code: 'HKD',
        currency_position: 'prefix',
        values: ['10', '20'],
      },
    })
    expect(
      formatCost({ cost: '$5', currencySymbol: '€', currencyPosition: 'postfix' }, ctx),
    ).toMatchObject({
      cost: '5€',
      cost_details: { currency_symbol: '€', currency_position: 'postfix', values: ['5'] },
    })
  })

  test('several amounts keep the currency they all carry, on their side; the site default only for none or a mix', () => {
    const euros = {
      currency_symbol: '€',
      currency_code: '',
      currency_position: 'postfix',
      values: ['10', '20'],
    }
    for (const cost of ['10€ - 20€', '10€, 20€', '20 € – 10 €']) {
      expect(formatCost({ cost }, ctx)).toEqual({ cost: '10€ – 20€', cost_details: euros })
    }
    expect(formatCost({ cost: 'HK$1,000 / HK$200' }, ctx)).toMatchObject({
      cost: 'HK$200 – HK$1,000',
      cost_details: {
        currency_symbol: 'HK$',
        currency_position: 'prefix',
        values: ['200', '1000'],
      },
    })
    expect(formatCost({ cost: 'Free - 10€' }, ctx).cost_details).toMatchObject({
      currency_symbol: '€',
      currency_position: 'postfix',
    })
    expect(formatCost({ cost: 'Adults 10€' }, ctx).cost).toBe('10€')
    for (const cost of ['10¥ - 20$', '$10 - 20']) {
      expect(formatCost({ cost }, ctx)).toMatchObject({
        cost: '$10 – $20',
        cost_details: { currency_symbol: '', currency_position: '' },
      })
    }
  })

  test('values are distinct and sorted numerically; zero in a range is free; the site position applies', () => {
    expect(formatCost({ cost: '100, 20, 3, 20' }, ctx)).toMatchObject({
      cost: '$3 – $100',
      cost_details: { values: ['3', '20', '100'] },
    })
    expect(formatCost({ cost: '0 - 10' }, ctx).cost).toBe('Free – $10')
    expect(
      formatCost({ cost: '15' }, { defaultCurrencySymbol: '€', defaultCurrencyPosition: 'postfix' })
        .cost,
    ).toBe('15€')
    expect(formatCost({ cost: 'Free & easy' }, ctx)).toMatchObject({
      cost: 'Free &amp; easy',
      cost_details: { values: ['free-easy'] },
    })
  })
})

describe('venues and organizers, compared with captured responses', () => {
  test('venues-single-get-anon', () => {
    const { body } = loadCapture('venues-single-get-anon')
    expectWire(serializeVenue(venueDoc(body), noMedia, ctx, { single: true }), body)
  })

  test('venues-create-minimal', () => {
    const { body } = loadCapture('venues-create-minimal')
    expectWire(serializeVenue(venueDoc(body), noMedia, ctx, { single: false }), body)
  })

  test('organizers-single-get-anon', () => {
    const { body } = loadCapture('organizers-single-get-anon')
    expectWire(serializeOrganizer(organizerDoc(body), noMedia, ctx, { single: true }), body)
  })

  test('organizers-create-minimal', () => {
    const { body } = loadCapture('organizers-create-minimal')
    expectWire(serializeOrganizer(organizerDoc(body), noMedia, ctx, { single: false }), body)
  })

  test('coordinates, when set, follow stateprovince; json_ld gets a GeoCoordinates', () => {
    const { body } = loadCapture('venues-single-get-anon')
    const venue = serializeVenue({ ...venueDoc(body), geoLat: 40.73, geoLng: 0 }, noMedia, ctx, {
      single: true,
    })
    expect(Object.keys(venue).slice(Object.keys(venue).indexOf('stateprovince'), -4)).toEqual([
      'stateprovince',
      'geo_lat',
      'geo_lng',
      'json_ld',
    ])
    expect(venue.json_ld?.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 40.73, longitude: 0 })
  })

  test('a venue without author, in a province, in trash', () => {
    const { body } = loadCapture('venues-single-get-anon')
    const doc: VenueDoc = {
      ...venueDoc(body),
      author: null,
      state: null,
      stateProvince: null,
      province: '香港島',
      deletedAt: '2026-11-23T00:00:00.000Z',
    }
    const venue = serializeVenue(doc, noMedia, ctx, { single: false })
    expect(venue).not.toHaveProperty('author')
    expect(venue).toMatchObject({
      status: 'trash',
      slug: 'blue-note-hall__trashed',
      province: '香港島',
      stateprovince: '香港島',
    })
  })

  test('a stateprovince given wins over the state; none given shows the state, else the province', () => {
    const doc = venueDoc(loadCapture('venues-single-get-anon').body)
    const shown = (venue: Partial<VenueDoc>) =>
      serializeVenue({ ...doc, ...venue }, noMedia, ctx, { single: true }) as Wire
    expect(shown({ state: 'NY', stateProvince: 'New York State' })).toMatchObject({
      state: 'NY',
      stateprovince: 'New York State',
      json_ld: { address: { addressRegion: 'New York State' } },
    })
    expect(shown({ state: 'NY', province: 'Ontario', stateProvince: null }).stateprovince).toBe(
      'NY',
    )
    expect(shown({ state: '', province: 'Ontario', stateProvince: '' }).stateprovince).toBe(
      'Ontario',
    )
  })

  test('json_ld e-mail obfuscation is deterministic and hides the address', () => {
    const { body } = loadCapture('organizers-single-get-anon')
    const email = serializeOrganizer(organizerDoc(body), noMedia, ctx, { single: true }).json_ld
      ?.email
    expect(email).toBe('&#97;l&#105;c&#101;&#64;&#101;x&#97;m&#112;l&#101;.&#99;o&#109;')
    expect(email).not.toContain('@')
  })
})

describe('terms, compared with captured responses', () => {
  const categories = loadCapture('categories-list-default-anon').body.categories as Wire[]
  const categoryMap = new Map(categories.map((category) => [category.id, termDoc(category)]))

  test('categories-single-get', () => {
    const { body } = loadCapture('categories-single-get')
    // `_links` (WP discovery links to /wp/v2) is not sent (docs/api.md#the-openapi-document-get-doc)
    const { _links, ...expected } = body
    expectWire(serializeTerm(termDoc(body), 'categories', categoryMap, ctx), expected)
  })

  test.each(categories.map((category) => [category.name, category]))(
    'categories-list-default-anon: %s',
    (_, category) => {
      expectWire(serializeTerm(termDoc(category), 'categories', categoryMap, ctx), category)
    },
  )

  test('tags-single-get and tags-list-default-anon', () => {
    const { body } = loadCapture('tags-single-get')
    const { _links, ...expected } = body
    expectWire(serializeTerm(termDoc(body), 'tags', new Map(), ctx), expected)
    for (const tag of loadCapture('tags-list-default-anon').body.tags) {
      expectWire(serializeTerm(termDoc(tag), 'tags', new Map(), ctx), tag)
    }
  })

  test('embedded terms: up only with a parent; names escaped', () => {
    const jazz: TermDoc = {
      id: 37,
      name: 'R&B',
      slug: 'rnb',
      description: null,
      parent: 36,
      count: 2,
    }
    expect(serializeEmbeddedTerm(jazz, 'categories', ctx)).toMatchObject({
      name: 'R&amp;B',
      description: '',
      parent: 36,
      urls: { up: `${ctx.namespaceURL}/categories/36` },
    })
    expect(serializeEmbeddedTerm({ id: 41, name: 'free' }, 'tags', ctx).urls).toEqual({
      self: `${ctx.namespaceURL}/tags/41`,
      collection: `${ctx.namespaceURL}/tags`,
    })
  })

  test('a category path walks its ancestors and survives a cycle', () => {
    const map = new Map<number, TermDoc>([
      [1, { id: 1, slug: 'a', parent: 3 }],
      [2, { id: 2, slug: 'b', parent: 1 }],
      [3, { id: 3, slug: 'c', parent: 2 }],
    ])
    expect(serializeTerm(map.get(2) as TermDoc, 'categories', map, ctx).url).toBe(
      `${BASE_URL}/events/category/c/a/b/`,
    )
  })
})

describe('images', () => {
  const media: MediaDoc = {
    id: 250,
    url: '/api/media/file/poster.JPG',
    filename: 'poster.JPG',
    mimeType: 'image/jpeg',
    width: 1200,
    height: 800,
    filesize: 17221,
    sizes: {
      thumbnail: {
        url: '/api/media/file/poster-150x150.JPG',
        width: 150,
        height: 150,
        mimeType: 'image/jpeg',
        filesize: 1155,
      },
      large: {
        url: null,
        width: null,
        height: null,
        mimeType: null,
        filesize: null,
        filename: null,
      },
    },
  }

  test('absolute URLs, generated sizes only, in the original shape', () => {
    expectWire(serializeImage(media, ctx), {
      url: `${BASE_URL}/api/media/file/poster.JPG`,
      id: 250,
      extension: 'JPG',
      width: 1200,
      height: 800,
      filesize: 17221,
      sizes: {
        thumbnail: {
          width: 150,
          height: 150,
          'mime-type': 'image/jpeg',
          filesize: 1155,
          url: `${BASE_URL}/api/media/file/poster-150x150.JPG`,
        },
      },
    })
  })

  test('no image is false; an absolute stored URL is kept; no sizes is {}', () => {
    expect(serializeImage(undefined, ctx)).toBe(false)
    expect(serializeImage({ id: 1, url: 'https://cdn.example/a.png' }, ctx)).toEqual({
      url: 'https://cdn.example/a.png',
      id: 1,
      extension: 'png',
      sizes: {},
    })
  })

  test('an event image, and the json_ld image', () => {
    const { body } = loadCapture('events-single-get-anon')
    const related = relatedOf(body)
    related.media.set(media.id, media)
    const event = serializeEvent({ ...eventDoc(body), image: media.id }, related, ctx, SINGLE)
    expect(event.image).toMatchObject({ id: 250, url: `${BASE_URL}/api/media/file/poster.JPG` })
    expect(Object.keys(event.json_ld ?? {}).slice(3, 5)).toEqual(['description', 'image'])
    expect(event.json_ld?.image).toBe(`${BASE_URL}/api/media/file/poster.JPG`)
  })
})

describe('html', () => {
  test('escapeHtml', () => {
    expect(escapeHtml(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &#039; f')
  })

  test('rich text paragraphs are joined by a newline, as wpautop does; no text is ""', () => {
    expect(
      richTextToHtml(htmlToRichText('<p>Line one</p>\n<p>Line <em>two</em> &amp; more</p>')),
    ).toBe('<p>Line one</p>\n<p>Line <em>two</em> &amp; more</p>')
    expect(richTextToHtml(null)).toBe('')
    expect(richTextToHtml(htmlToRichText('<p></p>'))).toBe('')
  })

  test('excerptHtml', () => {
    expect(excerptHtml('Short & sweet')).toBe('<p>Short &amp; sweet</p>')
    expect(excerptHtml('One\ntwo\n\nThree')).toBe('<p>One<br />\ntwo</p>\n<p>Three</p>')
    expect(excerptHtml('')).toBe('')
    expect(excerptHtml(null)).toBe('')
  })
})

describe('dates', () => {
  test('wall clock, details and ISO offsets', () => {
    expect(wallClock('2026-12-06T01:00:00.000Z', 'America/New_York')).toBe('2026-12-05 20:00:00')
    expect(wallClock('2026-12-06T01:00:00.000Z', 'UTC-5:30')).toBe('2026-12-05 19:30:00')
    expect(dateDetails('2026-01-05 08:09:07')).toEqual({
      year: '2026',
      month: '01',
      day: '05',
      hour: '08',
      minutes: '09',
      seconds: '07',
    })
    expect(isoWithOffset('2026-12-06T01:00:00.000Z', 'America/New_York')).toBe(
      '2026-12-05T20:00:00-05:00',
    )
    expect(isoWithOffset('2026-12-06T01:00:00.000Z', 'UTC')).toBe('2026-12-06T01:00:00+00:00')
  })

  test.each([
    ['America/New_York', '2026-12-05T12:00:00Z', 'EST'],
    ['America/New_York', '2027-07-05T12:00:00Z', 'EDT'],
    ['America/Los_Angeles', '2027-07-05T12:00:00Z', 'PDT'],
    ['Europe/Berlin', '2026-12-10T18:00:00Z', 'CET'],
    ['Europe/Berlin', '2027-07-05T12:00:00Z', 'CEST'],
    ['Europe/London', '2027-07-05T12:00:00Z', 'BST'],
    ['Asia/Hong_Kong', '2027-07-05T12:00:00Z', 'HKT'],
    ['Asia/Shanghai', '2027-07-05T12:00:00Z', 'CST'],
    ['Asia/Taipei', '2027-07-05T12:00:00Z', 'CST'],
    ['Asia/Tokyo', '2027-07-05T12:00:00Z', 'JST'],
    ['Asia/Seoul', '2027-07-05T12:00:00Z', 'KST'],
    ['Asia/Kolkata', '2027-07-05T12:00:00Z', 'IST'],
    ['Australia/Sydney', '2027-01-05T12:00:00Z', 'AEDT'],
    ['Australia/Brisbane', '2027-01-05T12:00:00Z', 'AEST'],
    ['Asia/Singapore', '2027-07-05T12:00:00Z', '+08'],
    ['Asia/Kathmandu', '2027-07-05T12:00:00Z', '+0545'],
    ['America/Sao_Paulo', '2027-07-05T12:00:00Z', '-03'],
    ['UTC', '2027-07-05T12:00:00Z', 'UTC'],
    ['UTC+2', '2027-07-05T12:00:00Z', 'UTC+2'],
    ['UTC-5:30', '2027-07-05T12:00:00Z', 'UTC-5:30'],
  ])('timezone_abbr of %s at %s is %s', (zone, instant, abbr) => {
    expect(timezoneAbbr(instant, zone)).toBe(abbr)
  })
})

describe('timezone abbreviations around a DST change', () => {
  test('name the offset in force at the instant, not at the same wall-clock time', () => {
    expect(timezoneAbbr('2026-03-08T06:30:00Z', 'America/New_York')).toBe('EST')
    expect(timezoneAbbr('2026-03-08T07:30:00Z', 'America/New_York')).toBe('EDT')
    expect(timezoneAbbr('2026-10-25T00:30:00Z', 'Europe/Berlin')).toBe('CEST')
    expect(timezoneAbbr('2026-10-25T01:30:00Z', 'Europe/Berlin')).toBe('CET')
  })
})
