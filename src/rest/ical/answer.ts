import { addDays, subDays } from 'date-fns'
import { formatInTimeZone } from 'date-fns-tz'

import type { Param } from '../params.js'
import type { RestCall, RestResult } from '../route.js'
import type { EventDoc } from '../../core/model.js'
import type { EventObject } from '../../serialize/wire.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'

import { booleanParam } from '../commonParams.js'
import { toDateFnsZone } from '../../core/timezones.js'
import { iCalendar } from '../../ical/calendar.js'
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

export function calendarResult(
  call: RestCall,
  events: EventObject[],
  docs: EventDoc[],
  filename: string,
): RestResult {
  const { ical, timezone } = call.options
  const name = ical.names[call.locale] ?? ical.names[Object.keys(ical.names)[0] as string] ?? ''
  const entries = events.map((event, index) => ({
    event,
    sequence: revisionOf(docs[index] as EventDoc),
  }))
  return {
    body: iCalendar(entries, { name, timezone, refreshMinutes: ical.refreshMinutes }),
    contentType: `${CALENDAR_TYPE}; charset=utf-8`,
    headers: { ...CALENDAR_VARY, 'Content-Disposition': `attachment; filename="${filename}"` },
  }
}
