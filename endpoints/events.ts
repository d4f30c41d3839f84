import type { EventDoc, OccurrenceDoc } from '../src/core/model.js'
import type { ResolvedCalendarOptions } from '../src/core/options.js'

import {
  booleanParam,
  coordinateParam,
  languageParam,
  paginationParams,
  searchParam,
  statusParam,
} from '../src/rest/commonParams.js'
import {
  archivePageNotFound,
  eventNoLongerAvailable,
  eventNotFound,
  eventPasswordProtected,
  invalidParam,
  notAccessible,
} from '../src/rest/errors.js'
import { unlocked } from '../src/query/eventAccess.js'
import { DATE_FILTERS, dateParam, eventDateWindow } from '../src/rest/eventDates.js'
import {
  CALENDAR_VARY,
  type CalendarForm,
  calendarResult,
  expandParam,
  feedWindow,
  icalParam,
  wantsCalendar,
} from '../src/rest/ical/answer.js'
import { postEnvelope, postListResult, type QueryPairs } from '../src/rest/pagination.js'
import { isSeries } from '../src/recurrence/series.js'
import {
  idList,
  idOrSlugList,
  idParam,
  nonEmptyString,
  type Param,
  ParamError,
} from '../src/rest/params.js'
import { eventWriteMethods } from '../src/rest/eventWrites.js'
import { addressedOccurrence, addressOf } from '../src/rest/locate.js'
import { locate, occurrenceById } from '../src/query/locate.js'
import { method, type RestCall, type Route } from '../src/rest/route.js'
import { serializeEvent } from '../src/serialize/event.js'
import { findEventPage } from '../src/query/events.js'
import { withRelated } from '../src/query/occurrenceContent.js'
import { occurrencesOf, shownOccurrence } from '../src/query/series.js'
import { organizerKind } from './organizers.js'
import { venueKind } from './venues.js'

const CALENDAR_OF_LIST =
  'With `Accept: text/calendar` or `ical=1`: every matching event (up to the feed limit, pages ignored) as an RFC 5545 calendar'
const CALENDAR_OF_ONE =
  'With `Accept: text/calendar` or `ical=1`: the event as an RFC 5545 calendar'

const passwordParam: Param<string> = {
  type: 'string',
  description: 'The password of a password-protected event',
  parse: nonEmptyString,
}

const listParams = (options: ResolvedCalendarOptions, locales: string[]) => ({
  ...paginationParams(options, 'events'),
  start_date: dateParam(
    'Events that start on the specified date',
    'today, 00:00:00 in the site time zone',
  ),
  end_date: dateParam(
    'Events that end on the specified date',
    'the end of the day two years ahead',
  ),
  starts_before: dateParam('Events that start before the specified date'),
  starts_after: dateParam('Events that start after the specified date'),
  ends_before: dateParam('Events that end before the specified date'),
  ends_after: dateParam('Events that end after the specified date'),
  strict_dates: {
    ...booleanParam(
      'Dates set using the start_date/end_date, starts_*/ends_* are set to start at the specified times. The default behavior is to include the entire days.',
    ),
    default: false,
  },
  search: searchParam(
    options,
    'Events should contain the specified string in the title, excerpt or description',
  ),
  categories: {
    type: 'array',
    items: 'integer',
    maxItems: options.maxListItems,
    description: 'Events should be assigned one of the specified categories slugs or IDs',
    parse: idOrSlugList,
  } as Param<(number | string)[]>,
  tags: {
    type: 'array',
    items: 'integer',
    maxItems: options.maxListItems,
    description: 'Events should be assigned one of the specified tags slugs or IDs',
    parse: idOrSlugList,
  } as Param<(number | string)[]>,
  venue: {
    type: 'array',
    items: 'integer',
    maxItems: options.maxListItems,
    description: 'Events should be assigned one of the specified venue IDs',
    parse: idList,
  } as Param<number[]>,
  organizer: {
    type: 'array',
    items: 'integer',
    maxItems: options.maxListItems,
    description: 'Events should be assigned one of the specified organizer IDs',
    parse: idList,
  } as Param<number[]>,
  featured: booleanParam('Events should be filtered by their featured status'),
  status: statusParam,
  geoloc: booleanParam('Requires Events to have geolocation data on their venue'),
  geoloc_lat: coordinateParam(90, 'Requires Events to be near this latitude; needs geoloc_lng'),
  geoloc_lng: coordinateParam(180, 'Requires Events to be near this longitude; needs geoloc_lat'),
  include: {
    type: 'array',
    items: 'integer',
    maxItems: options.maxListItems,
    description: 'Include events with the specified IDs; date filters are ignored',
    parse: idList,
  } as Param<number[]>,
  post_parent: {
    type: 'integer',
    description: 'Events should be children of the event with this ID',
    parse: idParam,
  } as Param<number>,
  ticketed: booleanParam('Events should have tickets (true) or not (false)'),
  hide_subsequent_recurrences: booleanParam(
    'Ours: each recurring event once, at its first occurrence that matches (the original has this filter internally)',
  ),
  password: passwordParam,
  ml_language: languageParam(locales),
  ical: icalParam,
  expand: expandParam,
})

type ListParams = ReturnType<typeof listParams>

/**
 * The events of one page of a list, the caller's filters applied, with what the list's links echo; as `series`, each
 * recurring event once and as its series instead of its occurrences.
 */
async function findEvents(
  call: RestCall<ListParams>,
  page: number,
  perPage: number,
  form: CalendarForm = 'occurrences',
) {
  const { params: p, options } = call
  const dates = eventDateWindow(p, options.timezone)
  const found = await findEventPage(
    call,
    {
      status: p.status,
      dates: dates.where,
      window: dates.bounds,
      search: p.search,
      categories: p.categories,
      tags: p.tags,
      venue: p.venue,
      organizer: p.organizer,
      featured: p.featured,
      ticketed: p.ticketed,
      parent: p.post_parent,
      geoloc: p.geoloc,
      near: { lat: p.geoloc_lat, lng: p.geoloc_lng },
      include: p.include,
      firstOfSeries: p.hide_subsequent_recurrences || form === 'series',
    },
    { page, perPage },
  )
  const { items, related } = found
  const blanked = await Promise.all(
    items.map(async ({ doc }) => !(await unlocked(call, doc, p.password))),
  )
  const events = items.map(({ doc, occurrence }, index) =>
    serializeEvent(doc, related, call.serialize, {
      single: false,
      blanked: blanked[index]!,
      occurrence: form === 'series' ? undefined : occurrence,
    }),
  )
  const echo: QueryPairs = [
    ['page', String(page)],
    ['per_page', String(perPage)],
    ...(p.include ? [] : dates.window),
    ...(p.geoloc !== undefined ? [['geoloc', p.geoloc ? '1' : '0'] as [string, string]] : []),
    ...(p.geoloc_lat !== undefined
      ? ([
          ['geoloc_lat', String(p.geoloc_lat)],
          ['geoloc_lng', String(p.geoloc_lng)],
        ] as QueryPairs)
      : []),
    ...(p.search ? [['search', p.search] as [string, string]] : []),
    ['status', found.scope.echo],
    ...(p.featured ? [['featured', '1'] as [string, string]] : []),
    ...(p.venue ? [['venue', p.venue.join(',')] as [string, string]] : []),
    ...(p.organizer ? [['organizer', p.organizer.join(',')] as [string, string]] : []),
    ...(p.include ? [['include', p.include.join(',')] as [string, string]] : []),
    ...dates.relative,
    ...(p.post_parent ? [['post_parent', String(p.post_parent)] as [string, string]] : []),
    ...(p.ticketed !== undefined ? [['ticketed', p.ticketed ? '1' : '0'] as [string, string]] : []),
    ...(p.hide_subsequent_recurrences
      ? [['hide_subsequent_recurrences', '1'] as [string, string]]
      : []),
  ]
  const calendarItems = events.map((event, index) => ({
    event,
    doc: items[index]!.doc,
    blanked: blanked[index]!,
  }))
  return { events, total: found.total, echo, calendarItems }
}

async function listEvents(call: RestCall<ListParams>) {
  if (wantsCalendar(call)) return eventsCalendar(call)
  const { params: p, options } = call
  const perPage = p.per_page ?? options.defaultPerPage
  const page = p.page ?? 1
  const { events, total, echo } = await findEvents(call, page, perPage)
  const info = { page, total, totalPages: Math.ceil(total / perPage) }
  if (page > 1 && page > info.totalPages) throw archivePageNotFound('event')
  const encodeAll = Boolean(p.venue || p.organizer || p.featured !== undefined)
  const result = postListResult(
    'events',
    events,
    postEnvelope(`${call.serialize.namespaceURL}/events`, echo, info, encodeAll),
    info,
  )
  return { ...result, headers: { ...result.headers, ...CALENDAR_VARY } }
}

/**
 * The list as a calendar feed: every match up to the feed's limit, in start order, ignoring `page` and `per_page`;
 * without a date filter the feed's own window (some days back, a year ahead) instead of the list's.
 */
async function eventsCalendar(call: RestCall<ListParams>) {
  const { params: p, options } = call
  const dated = DATE_FILTERS.some((name) => p[name] !== undefined) || p.include !== undefined
  const window = dated ? {} : feedWindow(options)
  const feed = { ...call, params: { ...p, ...window } }
  const form = p.expand ? 'occurrences' : 'series'
  const { calendarItems } = await findEvents(feed, 1, options.ical.maxEvents, form)
  return calendarResult(call, calendarItems, 'events.ics')
}

const singleParams = (locales: string[]) => ({
  password: passwordParam,
  context: {
    type: 'string',
    enum: ['view', 'edit'],
    default: 'view',
    description:
      'The context of the request; `edit` shows password-protected events to those who may edit them',
    parse: (raw: unknown) => {
      if (raw !== 'view' && raw !== 'edit') throw new ParamError()
      return raw
    },
  } as Param<string>,
  ml_language: languageParam(locales),
  ical: icalParam,
  expand: expandParam,
})

type SingleParams = ReturnType<typeof singleParams>

/**
 * One event by id or slug, checked in the original's order (docs/api.md#read-routes): exists, not trashed, readable
 * by the caller, unlocked. Drafts and pending events have no slug unless a write gave them one, and trashed ones no
 * longer answer to theirs.
 */
async function getEvent(call: RestCall<SingleParams>) {
  const asked = addressedOccurrence(call)
  const wanted = asked === undefined ? undefined : await occurrenceById(call, asked)
  if (asked !== undefined && !wanted) throw eventNotFound(call.path.id!)
  const { doc, hidden } = await locate<EventDoc & { passwordHash?: string }>(
    call,
    call.options.slugs.events,
    wanted
      ? { where: { id: { equals: wanted.series } }, trash: true }
      : addressOf(call, { unpublishedHaveNoSlug: true }),
  )
  if (!doc) {
    if (!hidden)
      throw call.path.id !== undefined ? eventNotFound(call.path.id) : invalidParam('slug')
    throw hidden.deletedAt ? eventNoLongerAvailable() : notAccessible('event')
  }
  if (wanted && !isSeries(doc.recurrence)) throw eventNotFound(call.path.id!)
  if (doc.deletedAt) throw eventNoLongerAvailable()
  if (!(await unlocked(call, doc, call.params.password, call.params.context)))
    throw eventPasswordProtected()
  if (wantsCalendar(call)) {
    const { occurrences, related } = await withRelated(
      call,
      doc,
      wanted ? [wanted] : await seriesInCalendar(call, doc),
    )
    const items = (occurrences.length ? occurrences : [undefined]).map((occurrence) => ({
      blanked: false,
      event: serializeEvent(doc, related, call.serialize, {
        single: true,
        blanked: false,
        occurrence,
      }),
      doc,
    }))
    return calendarResult(call, items, `event-${call.path.id ?? doc.id}.ics`)
  }
  const shown =
    wanted ?? (isSeries(doc.recurrence) ? await shownOccurrence(call, doc.id) : undefined)
  const {
    occurrences: [occurrence],
    related,
  } = await withRelated(call, doc, shown ? [shown] : [])
  const event = serializeEvent(doc, related, call.serialize, {
    single: true,
    blanked: false,
    occurrence,
  })
  return { body: event, headers: CALENDAR_VARY }
}

/**
 * The occurrences an event's own address holds as a calendar: none for the event itself or a recurring event as
 * its series, and with `expand` each of its occurrences not cancelled, up to the feed's limit.
 */
async function seriesInCalendar(
  call: RestCall<SingleParams>,
  doc: EventDoc,
): Promise<OccurrenceDoc[]> {
  if (!isSeries(doc.recurrence) || !call.params.expand) return []
  return occurrencesOf(call, doc.id, { limit: call.options.ical.maxEvents })
}

/** For `/doc`: what reading one event answers; an unknown slug is a 400. */
const singleAnswers = {
  returns: { schema: 'Event', alsoAs: { 'text/calendar': CALENDAR_OF_ONE } },
  answers: {
    403: "Not the caller's to see, in the trash, or password-protected (`event-not-accessible`, `event-no-longer-available`, `event-password-protected`)",
  },
} as const

export function eventRoutes(options: ResolvedCalendarOptions, locales: string[]): Route[] {
  const writes = eventWriteMethods(options, locales, { venue: venueKind, organizer: organizerKind })
  const single = {
    POST: writes.update,
    PUT: writes.update,
    PATCH: writes.update,
    DELETE: writes.remove,
  }
  return [
    {
      path: '/events',
      pattern: '/events',
      methods: {
        GET: method({
          description: 'Returns a page of events',
          params: listParams(options, locales),
          handler: listEvents,
          returns: {
            schema: 'Event',
            page: 'events',
            alsoAs: { 'text/calendar': CALENDAR_OF_LIST },
          },
          answers: { 404: 'A page beyond the last (`event-archive-page-not-found`)' },
        }),
        POST: writes.create,
      },
    },
    {
      path: '/events/:id(\\d+)',
      pattern: '/events/(?P<id>\\d+)',
      methods: {
        GET: method({
          description: 'Returns a single event',
          params: singleParams(locales),
          handler: getEvent,
          ...singleAnswers,
          answers: {
            ...singleAnswers.answers,
            404: 'No event has this id (`rest-event-not-found`)',
          },
        }),
        ...single,
      },
    },
    {
      path: '/events/by-slug/:slug',
      pattern: '/events/by-slug/(?P<slug>[^/]+)',
      methods: {
        GET: method({
          description: 'Returns a single event by its slug',
          params: singleParams(locales),
          handler: getEvent,
          ...singleAnswers,
        }),
        ...single,
      },
    },
  ]
}
