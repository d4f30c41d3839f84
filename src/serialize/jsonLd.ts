import type {
  EventDoc,
  Id,
  MediaId,
  MediaDoc,
  OrganizerDoc,
  Related,
  SerializeContext,
  VenueDoc,
} from '../core/model.js'
import type { EventJsonLd, OfferJsonLd, PersonJsonLd, PlaceJsonLd, PostalAddress } from './wire.js'

import { offerPrice } from './cost.js'
import { isoWithOffset, wallClock } from './dates.js'
import { autop, escapeHtml, richTextToHtml } from '../richText/toHtml.js'
import { absoluteUrl } from './image.js'

type Media = Pick<Related, 'media'>
type UrlContext = Pick<SerializeContext, 'serverURL'>

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#039;',
}

/**
 * WordPress's `esc_js`, which the original applies to json_ld names and descriptions: HTML special characters as
 * entities (existing entities kept), `'` backslash-escaped, newlines as a literal `\n`.
 */
function escJs(text: string): string {
  return text
    .replace(/&(?!(?:[a-z][a-z\d]*|#\d+|#x[\da-f]+);)|[<>"']/gi, (char) => ENTITIES[char] as string)
    .replace(/&#(?:x0*27|0*39);?/gi, "'")
    .replace(/\r/g, '')
    .replace(/['\\]/g, '\\$&')
    .replace(/\n/g, '\\n')
}

function stripTags(html: string): string {
  return html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '').replace(/<[^>]*>/g, '')
}

const EXCERPT_WORDS = 55

/**
 * TEC's excerpt of a post, as json_ld describes it: the excerpt, or else the description's first 55 words as
 * text, each wrapped as one paragraph.
 */
function summary(excerpt: string | null | undefined, descriptionHtml: string): string {
  if (excerpt) return autop(escapeHtml(excerpt))
  const words = stripTags(descriptionHtml)
    .split(/[\n\r\t ]+/)
    .filter(Boolean)
  const text = words.slice(0, EXCERPT_WORDS).join(' ')
  return autop(words.length > EXCERPT_WORDS ? `${text} [&hellip;]` : text)
}

function imageUrl(
  id: MediaId | null | undefined,
  related: Media,
  ctx: UrlContext,
): { image?: string } {
  const media: MediaDoc | undefined = id ? related.media.get(id) : undefined
  return media?.url ? { image: absoluteUrl(media.url, ctx) } : {}
}

/**
 * The original obfuscates e-mail addresses with WordPress's `antispambot`, which picks the characters to encode at
 * random. We encode every other character, the `@` and HTML's special characters as decimal entities: the same
 * kind of output, stable between requests, but not the original's exact pattern.
 */
function obfuscateEmail(email: string): string {
  return [...email]
    .map((char, index) =>
      index % 2 === 0 || /[@&<>"']/.test(char) ? `&#${char.codePointAt(0)};` : char,
    )
    .join('')
}

/** schema.org `Place` of a venue, as in the venue's and the event's json_ld. */
export function placeJsonLd(venue: VenueDoc, related: Media, ctx: UrlContext): PlaceJsonLd {
  const parts = {
    streetAddress: venue.address,
    addressLocality: venue.city,
    addressRegion: venue.stateProvince || venue.state || venue.province,
    postalCode: venue.zip,
    addressCountry: venue.country,
  }
  const address = { '@type': 'PostalAddress' } as PostalAddress
  for (const [key, value] of Object.entries(parts))
    if (value) address[key as keyof typeof parts] = escapeHtml(value)
  const hasGeo = typeof venue.geoLat === 'number' && typeof venue.geoLng === 'number'
  return {
    '@type': 'Place',
    name: escJs(venue.name ?? ''),
    description: escJs(summary(venue.excerpt, richTextToHtml(venue.description))),
    ...imageUrl(venue.image, related, ctx),
    url: '',
    address,
    ...(hasGeo
      ? {
          geo: {
            '@type': 'GeoCoordinates',
            latitude: venue.geoLat as number,
            longitude: venue.geoLng as number,
          },
        }
      : {}),
    telephone: escapeHtml(venue.phone ?? ''),
    sameAs: escapeHtml(venue.website ?? ''),
  }
}

/** schema.org `Person` of an organizer, as in the organizer's and the event's json_ld. */
export function personJsonLd(
  organizer: OrganizerDoc,
  related: Media,
  ctx: UrlContext,
): PersonJsonLd {
  return {
    '@type': 'Person',
    name: escJs(organizer.name ?? ''),
    description: escJs(summary(organizer.excerpt, richTextToHtml(organizer.description))),
    ...imageUrl(organizer.image, related, ctx),
    url: escapeHtml(organizer.website ?? ''),
    telephone: escapeHtml(organizer.phone ?? ''),
    email: obfuscateEmail(organizer.email ?? ''),
    sameAs: escapeHtml(organizer.website ?? ''),
  }
}

function offer(
  event: EventDoc,
  url: string,
  ctx: Pick<SerializeContext, 'siteTimezone'>,
): { offers?: OfferJsonLd } {
  const price = offerPrice(event)
  if (price === null) return {}
  const publicationDay = wallClock(event.publishedAt ?? event.createdAt, ctx.siteTimezone).slice(
    0,
    10,
  )
  return {
    offers: {
      '@type': 'Offer',
      price,
      priceCurrency: escapeHtml(event.currencyCode || 'USD'),
      url,
      category: 'primary',
      availability: 'inStock',
      validFrom: `${publicationDay}T00:00:00+00:00`,
    },
  }
}

const first = <T>(ids: Id[] | null | undefined, records: Map<Id, T>): T | undefined =>
  (ids ?? []).map((id) => records.get(id)).find((record) => record !== undefined)

/**
 * schema.org `Event` of an event or one occurrence (single GETs only): its first venue and first organizer, and an
 * offer; a cancelled occurrence is `EventCancelled`, as search engines read it.
 */
export function eventJsonLd(
  event: EventDoc,
  related: Related,
  ctx: Pick<SerializeContext, 'serverURL' | 'siteTimezone'>,
  url: string,
  cancelled = false,
): EventJsonLd {
  const venue = first(event.venue, related.venues)
  const organizer = first(event.organizers, related.organizers)
  return {
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: escJs(event.title ?? ''),
    description: escJs(summary(event.excerpt, richTextToHtml(event.description))),
    ...imageUrl(event.image, related, ctx),
    url,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: `https://schema.org/${cancelled ? 'EventCancelled' : 'EventScheduled'}`,
    startDate: isoWithOffset(event.startDate, event.timezone),
    endDate: isoWithOffset(event.endDate, event.timezone),
    ...(venue ? { location: placeJsonLd(venue, related, ctx) } : {}),
    ...(organizer ? { organizer: personJsonLd(organizer, related, ctx) } : {}),
    ...offer(event, url, ctx),
    performer: 'Organization',
  }
}
