import type { CollectionSlug } from 'payload'

import type { EventDoc, OrganizerDoc, VenueDoc } from '../core/model.js'
import type { ResolvedCalendarOptions } from '../core/options.js'

import { skippedWall } from '../core/wallTime.js'
import { serializeEvent } from '../serialize/event.js'
import { languageParam } from './commonParams.js'
import { eventNotFound, forbidden, invalidParam, isInTrash } from './errors.js'
import { dateOf, instantOf } from './eventDates.js'
import { mayEdit } from '../query/eventAccess.js'
import { type WriteParams, writeParams } from './eventWriteParams.js'
import { type Linking, resolveLinked, resolveTerms } from './linkResolve.js'
import { asCaller } from '../query/reader.js'
import { addressedOccurrence, addressOf, lockedTarget } from './locate.js'
import { type Address, locate } from '../query/locate.js'
import { type LinkedPostKind, linkedPostData, linkedPostParams } from './linkedPosts.js'
import { validateParams } from './params.js'
import { publicationData } from './postWrites.js'
import { occurrenceWrites } from './occurrenceWrites.js'
import {
  checkSeries,
  droppedHeader,
  OCCURRENCES_CAPPED,
  OCCURRENCES_DROPPED,
} from './recurrenceWrites.js'
import { loadRelated } from '../query/related.js'
import { method, type RestCall } from './route.js'
import { moveToTrash } from './trash.js'
import { inTransaction } from '../database/transactions.js'
import { DROPPED_OCCURRENCES, type DroppedOccurrence } from '../hooks/occurrences.js'

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
    const written =
      p.start_date !== undefined ? dateOf(p.start_date, 'start_date', zone) : undefined
    const start = written ? written.instant : existing && new Date(existing.startDate)
    const startWall = written && (written.wall ? skippedWall(written.wall, zone) : null)
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
          startWall: written ? startWall : existing?.startWall,
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
    if (written) Object.assign(data, { startDate: written.instant.toISOString(), startWall })
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
    const links: [string, Linking][] = []
    if (p.categories !== undefined)
      links.push([
        'categories',
        await resolveTerms(call, options.slugs.categories, 'categories', p.categories),
      ])
    if (p.tags !== undefined)
      links.push(['tags', await resolveTerms(call, options.slugs.tags, 'tags', p.tags)])
    if (p.venue !== undefined)
      links.push(['venue', await resolveLinked(call, inline(call, linked.venue), p.venue)])
    if (p.organizer !== undefined)
      links.push([
        'organizers',
        await resolveLinked(call, inline(call, linked.organizer), p.organizer),
      ])
    for (const [field, link] of links) data[field] = await link()
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
      ...droppedBy(call),
    },
  })

  /** The header naming the occurrences with an editor's changes that the write deleted, if it deleted any. */
  const droppedBy = (call: RestCall): Record<string, string> => {
    const dropped = call.req.context?.[DROPPED_OCCURRENCES] as DroppedOccurrence[] | undefined
    return dropped?.length ? { [OCCURRENCES_DROPPED]: droppedHeader(dropped) } : {}
  }

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
      const doc = await inTransaction(call.req, async () => {
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
    const doc = await inTransaction(call.req, async () => {
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

  const { writeOccurrence, cancel } = occurrenceWrites(options, { target, dataOf, updateEvent })

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
      const doc = await inTransaction(call.req, async () =>
        moveToTrash(call, collection, (await target(call)).id),
      )
      return respond(call, doc as unknown as EventDoc)
    },
  })

  return { create, update, remove }
}
