import type {
  EventDoc,
  EventView,
  Id,
  OccurrenceDoc,
  Related,
  SerializeContext,
} from '../core/model.js'
import type { EventObject, RecurrenceObject } from './wire.js'

import { ownContent } from '../query/occurrenceContent.js'
import { formatCost } from './cost.js'
import { isSeries, occurrenceWireId } from '../recurrence/series.js'
import { dateDetails, timezoneAbbr, wallClock } from './dates.js'
import { escapeHtml, excerptHtml, richTextToHtml } from '../richText/toHtml.js'
import { serializeImage } from './image.js'
import { eventJsonLd } from './jsonLd.js'
import { serializeOrganizer } from './organizer.js'
import { fillTemplate, globalIds, postFields, postSlug } from './post.js'
import { serializeEmbeddedTerm } from './term.js'
import { serializeVenue } from './venue.js'

/**
 * What a password-protected event shows until it is unlocked (the original's `PASSWORD_PROTECTED_FIELDS`;
 * test/fixtures/captures/events-by-slug-password-no-password.json).
 */
const blanked = () =>
  ({
    description: '',
    excerpt: '',
    image: false,
    all_day: null,
    cost: '',
    cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
    website: '',
    show_map: null,
    show_map_link: null,
    hide_from_listings: null,
    sticky: null,
    featured: null,
    ticketed: null,
    categories: [],
    tags: [],
    venue: [],
    organizer: [],
    custom_fields: [],
  }) satisfies Partial<EventObject>

/** The records of `ids` that were loaded, in the order of `ids`. */
const pick = <T>(ids: Id[] | null | undefined, records: Map<Id, T>): T[] =>
  (ids ?? []).flatMap((id) => {
    const record = records.get(id)
    return record === undefined ? [] : [record]
  })

function dates(event: EventDoc) {
  const start = wallClock(event.startDate, event.timezone)
  const end = wallClock(event.endDate, event.timezone)
  const utcStart = wallClock(event.startDate, 'UTC')
  const utcEnd = wallClock(event.endDate, 'UTC')
  return {
    start_date: start,
    start_date_details: dateDetails(start),
    end_date: end,
    end_date_details: dateDetails(end),
    utc_start_date: utcStart,
    utc_start_date_details: dateDetails(utcStart),
    utc_end_date: utcEnd,
    utc_end_date_details: dateDetails(utcEnd),
    timezone: event.timezone,
    timezone_abbr: timezoneAbbr(event.startDate, event.timezone),
  }
}

/** An occurrence's page: the series' page with the occurrence's key as one more path segment. */
function occurrenceURL(url: string, occurrence: OccurrenceDoc | undefined): string {
  if (!occurrence) return url
  const address = new URL(url)
  address.pathname = `${address.pathname.replace(/\/?$/, '/')}${occurrence.key}/`
  return address.toString()
}

const recurrenceOf = (
  series: EventDoc,
  occurrence: OccurrenceDoc | undefined,
): RecurrenceObject => ({
  series_id: series.id,
  occurrence: occurrence?.key ?? null,
  cancelled: Boolean(occurrence?.cancelled),
  original_start: occurrence
    ? wallClock(occurrence.originalStart ?? occurrence.startDate, series.timezone)
    : null,
  changed: Boolean(occurrence?.changed),
  rule: series.recurrence?.rule?.trim() || null,
  rdates: series.recurrence?.rdates ?? [],
  exdates: series.recurrence?.exdates ?? [],
})

/**
 * An event (test/fixtures/captures/events-single-get-anon.json), field for field and in the original's key order:
 * `venue` is one object, several in an array, or `[]`; `organizer` is always an array; `json_ld` on single GETs only,
 * and never for a password-protected event.
 */
export function serializeEvent(
  series: EventDoc,
  related: Related,
  ctx: SerializeContext,
  view: EventView,
): EventObject {
  const repeats = isSeries(series.recurrence)
  const occurrence = repeats ? view.occurrence : undefined
  const doc = occurrence
    ? {
        ...series,
        ...ownContent(occurrence),
        startDate: occurrence.startDate,
        endDate: occurrence.endDate,
      }
    : series
  const id = occurrence ? occurrenceWireId(occurrence.id) : doc.id
  const url = occurrenceURL(fillTemplate(ctx.urls.event, ctx, { id, slug: doc.slug }), occurrence)
  const single = { single: view.single && !view.blanked }
  const venues = pick(doc.venue, related.venues).map((venue) =>
    serializeVenue(venue, related, ctx, single),
  )
  const event: EventObject = {
    id,
    ...globalIds(id, ctx),
    ...postFields(doc, ctx),
    url,
    rest_url: `${ctx.namespaceURL}/events/${id}`,
    title: escapeHtml(doc.title ?? ''),
    description: richTextToHtml(doc.description),
    excerpt: excerptHtml(doc.excerpt),
    slug: postSlug(doc, { emptyUntilPublished: true }),
    image: serializeImage(doc.image ? related.media.get(doc.image) : undefined, ctx),
    all_day: Boolean(doc.allDay),
    ...dates(doc),
    ...formatCost(doc, ctx),
    website: doc.website ? escapeHtml(doc.website) : url,
    show_map: doc.showMap ?? true,
    show_map_link: doc.showMapLink ?? true,
    hide_from_listings: Boolean(doc.hideFromListings),
    sticky: Boolean(doc.sticky),
    featured: Boolean(doc.featured),
    ticketed: Boolean(doc.ticketed),
    categories: pick(doc.categories, related.categories).map((term) =>
      serializeEmbeddedTerm(term, 'categories', ctx),
    ),
    tags: pick(doc.tags, related.tags).map((term) => serializeEmbeddedTerm(term, 'tags', ctx)),
    venue: venues.length === 1 ? (venues[0] as EventObject['venue']) : venues,
    organizer: pick(doc.organizers, related.organizers).map((organizer) =>
      serializeOrganizer(organizer, related, ctx, single),
    ),
    custom_fields: [],
    ...(repeats && { recurrence: recurrenceOf(doc, occurrence) }),
  }
  if (view.blanked) return Object.assign(event, blanked())
  // the original leaves the json_ld out for a password-protected event, even when unlocked
  if (view.single && !doc.passwordProtected)
    event.json_ld = eventJsonLd(doc, related, ctx, url, Boolean(occurrence?.cancelled))
  return event
}
