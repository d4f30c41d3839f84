import type { EventDoc, OccurrenceDoc } from '../core/model.js'
import type { ResolvedCalendarOptions } from '../core/options.js'

import { serializeEvent } from '../serialize/event.js'
import { ownContent, withOwnContent } from '../query/occurrenceContent.js'
import {
  cancelOccurrence,
  changeOccurrence,
  type EventTiming,
  expandEvent,
  handOverOccurrences,
  seriesTimingOf,
  TAKES_OCCURRENCES,
} from '../hooks/occurrences.js'
import { type Scope, splitSeries } from '../recurrence/split.js'
import { isSeries } from '../recurrence/series.js'
import { eventNotFound, invalidParam } from './errors.js'
import { instantOf } from './eventDates.js'
import {
  OCCURRENCE_FIELDS,
  OCCURRENCE_PARAMS,
  SCOPE_OF_UPDATE_TYPE,
  type WriteParams,
} from './eventWriteParams.js'
import { asCaller } from '../query/reader.js'
import { type Address, locate, occurrenceById } from '../query/locate.js'
import { loadRelated } from '../query/related.js'
import type { RestCall, RestResult } from './route.js'
import { inTransaction } from '../database/transactions.js'

const durationOf = (occurrence: OccurrenceDoc) =>
  Date.parse(occurrence.endDate) - Date.parse(occurrence.startDate)

/** What the event writes lend the occurrence writes: the event a write addresses, a write's data, an update. */
export type EventWriteParts = {
  target: (call: RestCall, address?: Address) => Promise<EventDoc>
  dataOf: (
    call: RestCall<WriteParams>,
    existing?: EventDoc & { timezone: string },
    choices?: { series?: boolean },
  ) => Promise<{ data: Record<string, unknown>; capped: boolean }>
  updateEvent: (call: RestCall<WriteParams>, address?: Address) => Promise<RestResult>
}

/**
 * Writes to an occurrence's id (docs/api.md#changing-one-occurrence): that occurrence alone, its event from it on
 * (`scope=following`) or all of it (`scope=all`); `DELETE` cancels it.
 */
export function occurrenceWrites(
  options: ResolvedCalendarOptions,
  { target, dataOf, updateEvent }: EventWriteParts,
) {
  const collection = options.slugs.events

  /** A write to an occurrence's id: that occurrence alone, or with `scope=all` its event. */
  async function writeOccurrence(call: RestCall<WriteParams>, stored: number) {
    const occurrence = await occurrenceById(call, stored)
    if (!occurrence) throw eventNotFound(call.path.id!)
    const seriesAddress = { where: { id: { equals: occurrence.series } }, trash: true }
    const scope = await scopeOf(call, occurrence, seriesAddress)
    if (scope === 'all') return updateEvent(await shiftedToSeries(call, occurrence), seriesAddress)
    if (scope === 'following')
      return inTransaction(call.req, async () => {
        const copy = await splitAt(call, occurrence, seriesAddress)
        if (!copy) return updateEvent(await shiftedToSeries(call, occurrence), seriesAddress)
        return updateEvent(await shiftedToSeries(call, occurrence, copy), {
          where: { id: { equals: copy.id } },
          trash: true,
        })
      })
    const { series, written } = await inTransaction(call.req, async () => {
      // Permission first, as for every write (docs/api.md#write-routes), then what the write may name.
      const series = await target(call, seriesAddress)
      if (!isSeries(series.recurrence)) throw eventNotFound(call.path.id!)
      for (const [name, value] of Object.entries(call.params))
        if (value !== undefined && !OCCURRENCE_PARAMS.has(name))
          throw invalidParam(
            name,
            `An occurrence has no ${name} of its own: write it to its event (${occurrence.series}), or send scope=all.`,
          )
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
   * `scope`, or what the original Pro add-on's `_tec_update_type` says for it, where `upcoming` on the event's last
   * occurrence is that occurrence alone (docs/api.md#changing-one-occurrence).
   */
  async function scopeOf(
    call: RestCall<WriteParams>,
    occurrence: OccurrenceDoc,
    seriesAddress: Address,
  ): Promise<Scope> {
    const { scope, _tec_update_type: updateType } = call.params
    if (updateType === undefined) return scope ?? 'this'
    const named = SCOPE_OF_UPDATE_TYPE[updateType]
    if (scope !== undefined && scope !== named)
      throw invalidParam(
        '_tec_update_type',
        `_tec_update_type=${updateType} is not scope=${scope}.`,
      )
    if (named !== 'following') return named
    const planned = expandEvent(options, await target(call, seriesAddress)).occurrences
    return planned.at(-1)?.key === occurrence.key ? 'this' : 'following'
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
    const event = await inTransaction(call.req, async () => {
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

  return { writeOccurrence, cancel }
}
