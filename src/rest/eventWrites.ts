import type { CollectionSlug } from 'payload'

import type { EventDoc, OccurrenceDoc, OrganizerDoc, VenueDoc } from '../core/model.js'
import type { ResolvedCalendarOptions } from '../core/options.js'

import { parseDateInput } from '../core/dates.js'
import { CURRENCY_POSITIONS, type CurrencyPosition } from '../core/constants.js'
import { ownContent, serializeEvent } from '../serialize/event.js'
import {
  cancelOccurrence,
  changeOccurrence,
  type EventTiming,
  expandEvent,
  handOverOccurrences,
  seriesTimingOf,
  TAKES_OCCURRENCES,
} from '../hooks/occurrences.js'
import { type Scope, SCOPES, splitSeries } from '../recurrence/split.js'
import { isSeries } from '../recurrence/series.js'
import { isValidTimezone } from '../core/timezones.js'
import { languageParam } from './commonParams.js'
import { eventNotFound, forbidden, invalidParam, isInTrash } from './errors.js'
import { instantOf } from './eventDates.js'
import { mayEdit } from './eventAccess.js'
import { resolveLinked, resolveTerms } from './linkResolve.js'
import { asCaller } from './localApi.js'
import {
  type Address,
  addressedOccurrence,
  addressOf,
  locate,
  lockedTarget,
  occurrenceById,
} from './locate.js'
import { type LinkedPostKind, linkedPostData, linkedPostParams } from './linkedPosts.js'
import {
  booleanValue,
  nonEmptyString,
  type Param,
  ParamError,
  stringValue,
  validateParams,
} from './params.js'
import { publicationData, publicationParams } from './postWrites.js'
import { withOwnContent } from './occurrenceContent.js'
import { checkSeries, OCCURRENCES_CAPPED, recurrenceParam } from './recurrenceWrites.js'
import { loadRelated } from './related.js'
import { method, type RestCall } from './route.js'
import { inTransaction, moveToTrash } from './transaction.js'

const durationOf = (occurrence: OccurrenceDoc) =>
  Date.parse(occurrence.endDate) - Date.parse(occurrence.startDate)

const date = (description: string, required: boolean): Param<string> => ({
  type: 'string',
  format: 'date-time',
  required,
  description,
  parse: (raw) => {
    if (!parseDateInput(raw, { zone: 'UTC' })) throw new ParamError()
    return String(raw)
  },
})
const flag = (description: string): Param<boolean> => ({
  type: 'boolean',
  description,
  parse: booleanValue,
})
const text = (description: string): Param<string> => ({
  type: 'string',
  description,
  parse: stringValue,
})
/** One cost as sent: text or a JSON number; `null` clears it. */
const costText = (raw: unknown, name: string): string =>
  raw === null
    ? ''
    : typeof raw === 'number' && Number.isFinite(raw)
      ? String(raw)
      : stringValue(raw, name)
const anything = (description: string, type: Param['type'] = 'array'): Param<unknown> => ({
  type,
  description,
  parse: (raw) => raw,
})
/** Linked records or terms, in any of the forms the original takes; as many as a list may hold. */
const linked = (
  options: ResolvedCalendarOptions,
  description: string,
  type: Param['type'] = 'array',
): Param<unknown> => ({
  ...anything(description, type),
  maxItems: options.maxListItems,
})

const writeParams = (options: ResolvedCalendarOptions, locales: string[], required: boolean) => ({
  title: {
    type: 'string',
    required,
    description: 'The event title',
    parse: (raw: unknown, name: string) => nonEmptyString(stringValue(raw, name)),
  } as Param<string>,
  start_date: date(
    'The event start: wall-clock time in the event time zone unless it carries an offset',
    required,
  ),
  end_date: date('The event end, like start_date', required),
  ...publicationParams,
  slug: text('The event slug'),
  excerpt: text('The event excerpt'),
  timezone: {
    type: 'string',
    description: 'The event time zone: an IANA name or UTC±N',
    parse: (raw: unknown, name: string) => {
      const zone = stringValue(raw, name)
      if (!isValidTimezone(zone)) throw new ParamError()
      return zone
    },
  } as Param<string>,
  all_day: flag('Whether the event lasts the whole day'),
  cost: {
    type: ['string', 'number', 'array', 'null'],
    items: 'string',
    description:
      'The event cost, free text; several amounts as an array (`cost[]=10€&cost[]=20€`) make a range',
    parse: (raw: unknown, name: string) =>
      Array.isArray(raw)
        ? raw.map((amount) => costText(amount, name)).join(', ')
        : costText(raw, name),
  } as Param<string>,
  currency_symbol: text('The currency symbol of the cost'),
  currency_code: text('The ISO currency code of the cost'),
  currency_position: {
    type: 'string',
    enum: CURRENCY_POSITIONS,
    description: 'Whether the currency symbol goes before or after the cost',
    parse: (raw: unknown) => {
      if (!CURRENCY_POSITIONS.includes(raw as CurrencyPosition)) throw new ParamError()
      return raw as string
    },
  } as Param<string>,
  show_map: flag('Whether the event shows a map'),
  show_map_link: flag('Whether the event shows a map link'),
  hide_from_listings: flag('Whether the event is hidden from lists'),
  sticky: flag('Whether the event is sticky in lists'),
  featured: flag('Whether the event is featured'),
  ticketed: flag('Whether the event has tickets'),
  categories: linked(
    options,
    'Category IDs, slugs or names (also comma-separated); unknown names create categories',
    ['array', 'string', 'integer'],
  ),
  tags: linked(
    options,
    'Tag IDs, slugs or names (also comma-separated); unknown names create tags',
    ['array', 'string', 'integer'],
  ),
  venue: linked(
    options,
    'A venue ID, `{ id }`, or venue fields (creates the venue or reuses the one of that name)',
    ['object', 'integer', 'string', 'array'],
  ),
  organizer: linked(
    options,
    'Organizer IDs (also comma-separated), `[{ id }]`, or organizer fields',
    ['array', 'integer', 'string', 'object'],
  ),
  password: text('The event password; empty removes it'),
  recurrence: recurrenceParam,
  scope: {
    type: 'string',
    enum: SCOPES,
    description:
      "Ours, for an occurrence's id: `this` (the default) changes that occurrence alone, `all` its event, the occurrence's new times moving every occurrence as much, `following` a copy of the event from this occurrence on, the event ending before it",
    parse: (raw: unknown) => {
      if (!SCOPES.includes(raw as Scope)) throw new ParamError()
      return raw as Scope
    },
  } as Param<Scope>,
  cancelled: flag("Ours, for an occurrence's id: cancels it (true) or brings it back (false)"),
  ml_language: languageParam(locales),
})

/** What one occurrence can have of its own (docs/api.md#changing-one-occurrence); the rest is its event's. */
const OCCURRENCE_PARAMS = new Set([
  'title',
  'description',
  'start_date',
  'end_date',
  'venue',
  'organizer',
  'image',
  'cancelled',
  'scope',
  'ml_language',
])
const OCCURRENCE_FIELDS = ['title', 'description', 'image', 'venue', 'organizers'] as const

type WriteParams = ReturnType<typeof writeParams>

/** The kinds of record an event links to, whose own write parameters its venue and organizer objects take. */
type LinkedKinds = { venue: LinkedPostKind<VenueDoc>; organizer: LinkedPostKind<OrganizerDoc> }

/** Event create, update and trash (docs/api.md#write-routes): only the fields sent are changed. */
export function eventWriteMethods(
  options: ResolvedCalendarOptions,
  locales: string[],
  linked: LinkedKinds,
) {
  const collection = options.slugs.events

  /** A venue or organizer given as an object: the standalone route's parameters, validated and stored alike. */
  const inline = <D extends VenueDoc | OrganizerDoc>(call: RestCall, kind: LinkedPostKind<D>) => ({
    collection: kind.collection(options),
    param: kind.resource,
    nameKey: kind.resource,
    parse: (record: Record<string, unknown>) =>
      validateParams(linkedPostParams(kind, false), record, kind.resource),
    toData: (values: Record<string, unknown>) => linkedPostData(call, kind, values),
  })

  async function dataOf(
    call: RestCall<WriteParams>,
    existing?: EventDoc & { timezone: string },
    { series = true } = {},
  ) {
    const p = call.params
    const data: Record<string, unknown> = await publicationData(
      call,
      p,
      call.req.payload.config.admin.user as CollectionSlug,
      p.title ?? existing?.title ?? undefined,
    )
    const zone = p.timezone ?? existing?.timezone ?? options.timezone
    const start =
      p.start_date !== undefined
        ? instantOf(p.start_date, 'start_date', zone)
        : existing && new Date(existing.startDate)
    const end =
      p.end_date !== undefined
        ? instantOf(p.end_date, 'end_date', zone)
        : existing && new Date(existing.endDate)
    if (start && end && end < start)
      throw invalidParam('end_date', 'The end date must not be before the start date.')
    const recurrence = p.recurrence !== undefined ? p.recurrence : existing?.recurrence
    const { capped } = series
      ? checkSeries(options, {
          id: existing?.id ?? 0,
          startDate: start!.toISOString(),
          endDate: end!.toISOString(),
          timezone: zone,
          allDay: p.all_day ?? existing?.allDay,
          recurrence,
        })
      : { capped: false }
    const set = (field: string, value: unknown) => value !== undefined && (data[field] = value)
    set('title', p.title)
    set('slug', p.slug)
    set('excerpt', p.excerpt)
    set('timezone', p.timezone)
    if (p.start_date !== undefined) data.startDate = start!.toISOString()
    if (p.end_date !== undefined) data.endDate = end!.toISOString()
    set('allDay', p.all_day)
    set('recurrence', p.recurrence)
    set('cost', p.cost)
    set('currencySymbol', p.currency_symbol)
    set('currencyCode', p.currency_code)
    set('currencyPosition', p.currency_position)
    set('website', p.website)
    set('showMap', p.show_map)
    set('showMapLink', p.show_map_link)
    set('hideFromListings', p.hide_from_listings)
    set('sticky', p.sticky)
    set('featured', p.featured)
    set('ticketed', p.ticketed)
    if (p.password !== undefined) {
      data.passwordProtected = p.password !== ''
      if (p.password) data.password = p.password
    }
    if (p.categories !== undefined)
      data.categories = await resolveTerms(
        call,
        options.slugs.categories,
        'categories',
        p.categories,
      )
    if (p.tags !== undefined)
      data.tags = await resolveTerms(call, options.slugs.tags, 'tags', p.tags)
    if (p.venue !== undefined)
      data.venue = await resolveLinked(call, inline(call, linked.venue), p.venue)
    if (p.organizer !== undefined) {
      data.organizers = await resolveLinked(call, inline(call, linked.organizer), p.organizer)
    }
    return { data, capped }
  }

  const respond = async (call: RestCall, doc: EventDoc, status = 200, capped = false) => ({
    status,
    body: serializeEvent(doc, await loadRelated(call, [doc]), call.serialize, {
      single: false,
      blanked: false,
    }),
    headers: {
      ...(status === 201 && { Location: `${call.serialize.namespaceURL}/events/${doc.id}` }),
      ...(capped && { [OCCURRENCES_CAPPED]: String(options.recurrence.maxOccurrences) }),
    },
  })

  /**
   * The event a write addresses, checked in the original's order: unknown is a 404 (by slug a 400), not the
   * caller's to edit a 403, trashed a 410. Drafts and pending events have no slug unless a write gave them one
   * (docs/api.md#write-routes). Called in the write's transaction: writers of one event take turns, and one that
   * waited checks the event again, as the writer before it left it.
   */
  const target = (call: RestCall, address = addressOf(call, { unpublishedHaveNoSlug: true })) =>
    lockedTarget(call, collection, address, async (address) => {
      const { doc, hidden } = await locate<EventDoc>(call, collection, address)
      if (!doc) {
        if (hidden) throw forbidden(true)
        throw call.path.id !== undefined ? eventNotFound(call.path.id) : invalidParam('slug')
      }
      if (!mayEdit(call, doc)) throw forbidden(true)
      if (doc.deletedAt) throw isInTrash('event')
      return doc
    })

  const canWrite = ({ req }: Pick<RestCall, 'req'>) => options.access.write({ req })
  /** For `/doc`: what `target` answers. */
  const targetAnswers = {
    404: 'By id: no event has it (`rest-event-not-found`)',
    410: 'The event is in the trash (`event-is-in-trash`)',
  }

  const create = method({
    description: 'Creates an event',
    permission: canWrite,
    params: writeParams(options, locales, true),
    returns: { schema: 'Event', status: 201 },
    handler: async (call) => {
      let capped = false
      const doc = await inTransaction(call, async () => {
        const written = await dataOf(call)
        capped = written.capped
        return call.req.payload.create({
          ...asCaller(call),
          collection,
          data: written.data as never,
        })
      })
      return respond(call, doc as unknown as EventDoc, 201, capped)
    },
  })

  const update = method({
    description: 'Updates an event; only the fields sent change',
    permission: canWrite,
    params: writeParams(options, locales, false),
    returns: { schema: 'Event' },
    answers: targetAnswers,
    handler: async (call) => {
      if (call.params.cancelled !== undefined && addressedOccurrence(call) === undefined)
        throw invalidParam('cancelled', "Only an occurrence's id can be cancelled.")
      const stored = addressedOccurrence(call)
      if (stored !== undefined) return writeOccurrence(call, stored)
      return updateEvent(call)
    },
  })

  async function updateEvent(call: RestCall<WriteParams>, address?: Address) {
    let capped = false
    const doc = await inTransaction(call, async () => {
      const existing = await target(call, address)
      const written = await dataOf(call, existing)
      capped = written.capped
      return call.req.payload.update({
        ...asCaller(call),
        collection,
        id: existing.id,
        data: written.data as never,
      })
    })
    return respond(call, doc as unknown as EventDoc, 200, capped)
  }

  /** A write to an occurrence's id: that occurrence alone, or with `scope=all` its event. */
  async function writeOccurrence(call: RestCall<WriteParams>, stored: number) {
    const occurrence = await occurrenceById(call, stored)
    if (!occurrence) throw eventNotFound(call.path.id!)
    const seriesAddress = { where: { id: { equals: occurrence.series } }, trash: true }
    if (call.params.scope === 'all')
      return updateEvent(await shiftedToSeries(call, occurrence), seriesAddress)
    if (call.params.scope === 'following')
      return inTransaction(call, async () => {
        const copy = await splitAt(call, occurrence, seriesAddress)
        if (!copy) return updateEvent(await shiftedToSeries(call, occurrence), seriesAddress)
        return updateEvent(await shiftedToSeries(call, occurrence, copy), {
          where: { id: { equals: copy.id } },
          trash: true,
        })
      })
    for (const [name, value] of Object.entries(call.params))
      if (value !== undefined && !OCCURRENCE_PARAMS.has(name))
        throw invalidParam(
          name,
          `An occurrence has no ${name} of its own: write it to its event (${occurrence.series}), or send scope=all.`,
        )
    const { series, written } = await inTransaction(call, async () => {
      const series = await target(call, seriesAddress)
      if (!isSeries(series.recurrence)) throw eventNotFound(call.path.id!)
      const own = { ...series, startDate: occurrence.startDate, endDate: occurrence.endDate }
      const p = call.params
      // A new start alone keeps the occurrence's length.
      const end =
        p.start_date !== undefined && p.end_date === undefined
          ? new Date(
              instantOf(p.start_date, 'start_date', series.timezone).getTime() +
                durationOf(occurrence),
            ).toISOString()
          : p.end_date
      const { data } = await dataOf({ ...call, params: { ...p, end_date: end } }, own, {
        series: false,
      })
      const moved = data.startDate !== undefined || data.endDate !== undefined
      const fields = OCCURRENCE_FIELDS.filter((field) => data[field] !== undefined)
      const written = await changeOccurrence(call.req, options, stored, call.locale, {
        ...Object.fromEntries(fields.map((field) => [field, data[field]])),
        ...(moved && { startDate: data.startDate, endDate: data.endDate, moved: true }),
        ...((moved || fields.length) && { changed: true }),
        ...(call.params.cancelled !== undefined && { cancelled: call.params.cancelled }),
      })
      return { series, written }
    })
    const [own] = await withOwnContent(call, [written])
    return {
      body: serializeEvent(
        series,
        await loadRelated(call, [series, ownContent(own!) as EventDoc]),
        call.serialize,
        { single: false, blanked: false, occurrence: own },
      ),
    }
  }

  /**
   * "This and following": the event ends before the occurrence, and a copy of it in every language repeats from
   * the occurrence on, taking over its occurrences from there with their ids, moves and content. Undefined for the
   * event's first occurrence: from there on is the whole event.
   */
  async function splitAt(
    call: RestCall<WriteParams>,
    occurrence: OccurrenceDoc,
    address: Address,
  ): Promise<EventDoc | undefined> {
    let series = await target(call, address)
    // A split that went first may have handed the occurrence over to its new event: split that one.
    for (
      let current = await occurrenceById(call, occurrence.id as number);
      current && current.series !== series.id;
      current = await occurrenceById(call, occurrence.id as number)
    )
      series = await target(call, { where: { id: { equals: current.series } }, trash: true })
    if (!isSeries(series.recurrence)) throw eventNotFound(call.path.id!)
    const planned = expandEvent(options, series).occurrences
    const at = planned.find(({ key }) => key === occurrence.key)
    if (!at || at.start.getTime() <= Date.parse(series.startDate)) return undefined
    const { before, after } = splitSeries(seriesTimingOf(series), at.start)
    const { payload } = call.req
    const copy = (await payload.duplicate({
      ...asCaller(call),
      collection,
      id: series.id,
      data: {
        startDate: at.start.toISOString(),
        endDate: at.end.toISOString(),
        recurrence: after,
        importKey: null,
        importDigest: null,
      } as never,
      context: { [TAKES_OCCURRENCES]: true },
    })) as unknown as EventDoc
    const moving = planned.filter(({ start }) => start >= at.start).map(({ key }) => key)
    await handOverOccurrences(call.req, options, series.id, copy as EventTiming, moving)
    await payload.update({
      ...asCaller(call),
      collection,
      id: series.id,
      data: { recurrence: before } as never,
    })
    return copy
  }

  /**
   * A write to all of an occurrence's event: the occurrence's new times become the event's, moved by as much (a
   * start one hour later moves every occurrence one hour later; a start alone keeps each one's length).
   */
  async function shiftedToSeries(
    call: RestCall<WriteParams>,
    occurrence: OccurrenceDoc,
    to?: EventDoc,
  ): Promise<RestCall<WriteParams>> {
    const p = call.params
    if (p.start_date === undefined && p.end_date === undefined) return call
    const series =
      to ??
      (
        await locate<EventDoc>(call, collection, {
          where: { id: { equals: occurrence.series } },
          trash: true,
        })
      ).doc
    if (!series) return call
    const zone = p.timezone ?? series.timezone
    const moveBy = (given: string | undefined, name: string, from: string) =>
      given === undefined ? 0 : instantOf(given, name, zone).getTime() - Date.parse(from)
    const startBy = moveBy(p.start_date, 'start_date', occurrence.startDate)
    const endBy =
      p.end_date === undefined ? startBy : moveBy(p.end_date, 'end_date', occurrence.endDate)
    const shifted = (instant: string, by: number) =>
      new Date(Date.parse(instant) + by).toISOString()
    return {
      ...call,
      params: {
        ...p,
        start_date: shifted(series.startDate, startBy),
        end_date: shifted(series.endDate, endBy),
      },
    }
  }

  /** `DELETE` of an occurrence's id: that occurrence alone is cancelled, as the caller may edit its event. */
  async function cancel(call: RestCall, stored: number) {
    const occurrence = await occurrenceById(call, stored)
    if (!occurrence) throw eventNotFound(call.path.id!)
    const event = await inTransaction(call, async () => {
      const series = await target(call, {
        where: { id: { equals: occurrence.series } },
        trash: true,
      })
      if (!isSeries(series.recurrence)) throw eventNotFound(call.path.id!)
      await cancelOccurrence(call.req, options, stored)
      return series
    })
    return {
      body: serializeEvent(event, await loadRelated(call, [event]), call.serialize, {
        single: false,
        blanked: false,
        occurrence: { ...occurrence, cancelled: true },
      }),
    }
  }

  const remove = method({
    description:
      "Moves an event to the trash; an occurrence's id cancels that occurrence alone (docs/api.md#recurring-events)",
    permission: canWrite,
    params: { ml_language: languageParam(locales) },
    returns: { schema: 'Event' },
    answers: targetAnswers,
    handler: async (call) => {
      const stored = addressedOccurrence(call)
      if (stored !== undefined) return cancel(call, stored)
      const doc = await inTransaction(call, async () =>
        moveToTrash(call, collection, (await target(call)).id),
      )
      return respond(call, doc as unknown as EventDoc)
    },
  })

  return { create, update, remove }
}
