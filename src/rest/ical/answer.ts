import { addDays, subDays } from 'date-fns'
import { formatInTimeZone } from 'date-fns-tz'

import type { SelectType, Where } from 'payload'

import type { Param } from '../params.js'
import type { RestCall, RestResult } from '../route.js'
import type { EventDoc, Id, OccurrenceDoc } from '../../core/model.js'
import type { EventObject } from '../../serialize/wire.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'

import { booleanParam } from '../commonParams.js'
import { toDateFnsZone } from '../../core/timezones.js'
import { type CalendarEntry, iCalendar } from '../../ical/calendar.js'
import {
  instantLines,
  overrideTimeLines,
  type SeriesTimes,
  seriesTimeLines,
} from '../../ical/series.js'
import { calendarZone } from '../../ical/timezones.js'
import { expandEvent, horizonOf, seriesTimingOf } from '../../hooks/occurrences.js'
import { mostOccurrences } from '../../recurrence/expand.js'
import { serializeEvent } from '../../serialize/event.js'
import { ownContent, withOwnContent } from '../../query/occurrenceContent.js'
import { globalIds } from '../../serialize/post.js'
import { asCaller } from '../../query/reader.js'
import { NOT_CANCELLED } from '../../query/occurrenceReads.js'
import { loadRelated } from '../../query/related.js'
import { acceptsCalendar, CALENDAR_TYPE } from './negotiate.js'

export const icalParam: Param<boolean> = booleanParam(
  'Answer as an iCalendar file (text/calendar), as `Accept: text/calendar` does; for calendar apps that cannot set headers',
)

/** One URL answers JSON or iCalendar by `Accept`, so shared caches must keep them apart. */
export const CALENDAR_VARY = { Vary: 'Accept' }

export const wantsCalendar = (call: RestCall<{ ical: Param<boolean> }>): boolean =>
  call.params.ical === true || acceptsCalendar(call.req.headers.get('accept'))

/** A feed's date filters when the caller gave none: from `pastDays` ago to `futureDays` ahead, whole days. */
export function feedWindow({ ical, timezone }: ResolvedCalendarOptions, now = new Date()) {
  const day = (instant: Date) => formatInTimeZone(instant, toDateFnsZone(timezone), 'yyyy-MM-dd')
  return {
    start_date: day(subDays(now, ical.pastDays)),
    end_date: day(addDays(now, ical.futureDays)),
  }
}

/** Seconds between creation and the last change: grows with every later edit, which is what `SEQUENCE` asks. */
const revisionOf = (doc: EventDoc) =>
  Math.max(0, Math.floor((Date.parse(doc.updatedAt) - Date.parse(doc.createdAt)) / 1000))

/** How a feed writes a recurring event: once, with its rule (the default), or each occurrence as an event. */
export type CalendarForm = 'series' | 'occurrences'

export const expandParam: Param<boolean> = booleanParam(
  'iCalendar answers: each occurrence of a recurring event as an event of its own instead of the series once with its rule',
)

/**
 * An event of the answer: its wire object, the record it comes from (a recurring event's series), and whether its
 * content is hidden behind its password.
 */
export type CalendarItem = { event: EventObject; doc: EventDoc; blanked: boolean }

/** The occurrences of `series` that match `where`, by start. */
async function occurrencesOf(
  call: RestCall,
  series: Id[],
  where: Where,
  select?: SelectType,
): Promise<OccurrenceDoc[]> {
  if (!series.length) return []
  const { docs } = await call.req.payload.find({
    ...asCaller(call),
    collection: call.options.slugs.occurrences,
    where: { and: [{ series: { in: series } }, where] },
    pagination: false,
    sort: 'startDate',
    select,
  })
  return docs as unknown as OccurrenceDoc[]
}

function bySeries<T>(occurrences: OccurrenceDoc[], valueOf: (occurrence: OccurrenceDoc) => T) {
  const found = new Map<Id, T[]>()
  for (const occurrence of occurrences) {
    const list = found.get(occurrence.series)
    if (list) list.push(valueOf(occurrence))
    else found.set(occurrence.series, [valueOf(occurrence)])
  }
  return found
}

/** The planned starts of the cancelled occurrences of each series, by series. */
const cancelledStarts = async (call: RestCall, series: Id[]): Promise<Map<Id, Date[]>> =>
  bySeries(
    await occurrencesOf(
      call,
      series,
      { cancelled: { equals: true } },
      { series: true, startDate: true, originalStart: true },
    ),
    ({ startDate, originalStart }) => new Date(originalStart ?? startDate),
  )

/** The occurrences of each series changed on their own and not cancelled, with their own content. */
const changedOccurrences = async (
  call: RestCall,
  series: Id[],
): Promise<Map<Id, OccurrenceDoc[]>> =>
  bySeries(
    await withOwnContent(
      call,
      await occurrencesOf(call, series, { and: [{ changed: { equals: true } }, NOT_CANCELLED] }),
    ),
    (occurrence) => occurrence,
  )

/**
 * The last start the calendar keeps of each series the cap cut short. Only series that could reach the cap are
 * counted (a bound from the rule, src/recurrence/expand.ts), so that a feed does not expand every series again.
 */
async function cutShortAt(call: RestCall, series: EventDoc[]): Promise<Map<Id, Date>> {
  const cap = call.options.recurrence.maxOccurrences
  const horizon = horizonOf(call.options)
  const found = new Map<Id, Date>()
  for (const doc of series) {
    if (mostOccurrences(seriesTimingOf(doc), horizon) <= cap) continue
    const where = { series: { equals: doc.id } }
    const collection = call.options.slugs.occurrences
    const { totalDocs } = await call.req.payload.count({ ...asCaller(call), collection, where })
    if (totalDocs < cap) continue
    const { docs } = await call.req.payload.find({
      ...asCaller(call),
      collection,
      where,
      // The last the rule puts (keys are the rule's local dates): where it is planned, whether or not it moved.
      sort: '-key',
      limit: 1,
      pagination: false,
      select: { startDate: true, originalStart: true },
    })
    const last = docs[0] as unknown as OccurrenceDoc | undefined
    if (last) found.set(doc.id, new Date(last.originalStart ?? last.startDate))
  }
  return found
}

/**
 * A recurring event's `UID` as an event of its own: the series' and the occurrence's key (the date the rule put it
 * on), never its current start, so that a moved occurrence stays the same event in the apps.
 */
const occurrenceUid = (call: RestCall, event: EventObject) =>
  `${globalIds(event.recurrence!.series_id, call.serialize).global_id}&occurrence=${event.recurrence!.occurrence}`

export async function calendarResult(
  call: RestCall,
  items: CalendarItem[],
  filename: string,
): Promise<RestResult> {
  const { ical, timezone } = call.options
  const name = ical.names[call.locale] ?? ical.names[Object.keys(ical.names)[0] as string] ?? ''
  const series = items.filter(({ event }) => event.recurrence && !event.recurrence.occurrence)
  const ids = series.map(({ doc }) => doc.id)
  const [cancelled, changed, cutShort] = await Promise.all([
    cancelledStarts(call, ids),
    changedOccurrences(call, ids),
    cutShortAt(
      call,
      series.map(({ doc }) => doc),
    ),
  ])
  const related = await loadRelated(call, [
    ...[...changed.values()].flat().map((occurrence) => ownContent(occurrence) as EventDoc),
    ...series.map(({ doc }) => doc),
  ])
  const zones = new Map<string, string[]>()
  const entries = items.flatMap(({ event, doc, blanked }): CalendarEntry[] => {
    const entry = { event, sequence: revisionOf(doc), uid: event.global_id }
    if (!event.recurrence) return [entry]
    if (event.recurrence.occurrence) return [{ ...entry, uid: occurrenceUid(call, event) }]
    const zone = calendarZone(doc.timezone)
    if (zone && !doc.allDay) zones.set(zone.tzid, zone.lines)
    const times: SeriesTimes = {
      ...seriesTimingOf(doc),
      cancelled: cancelled.get(doc.id) ?? [],
      cutAt: cutShort.get(doc.id),
    }
    const overrides = (changed.get(doc.id) ?? []).map((occurrence) => ({
      ...entry,
      event: serializeEvent(doc, related, call.serialize, { single: false, blanked, occurrence }),
      times: overrideTimeLines(times, zone, {
        start: new Date(occurrence.startDate),
        end: new Date(occurrence.endDate),
        originalStart: new Date(occurrence.originalStart ?? occurrence.startDate),
      }),
    }))
    const kept = () => expandEvent(call.options, doc).occurrences.map(({ start }) => start)
    const master = zone ? seriesTimeLines(times, zone) : instantLines(times, kept())
    return [{ ...entry, times: master }, ...overrides]
  })
  return {
    body: iCalendar(entries, { name, timezone, refreshMinutes: ical.refreshMinutes }, [
      ...zones.values(),
    ]),
    contentType: `${CALENDAR_TYPE}; charset=utf-8`,
    headers: { ...CALENDAR_VARY, 'Content-Disposition': `attachment; filename="${filename}"` },
  }
}
