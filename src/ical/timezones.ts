import { tzlib_get_ical_block } from 'timezones-ical-library'

import { utcOffsetMinutes } from '../core/timezones.js'

/** `+0800`, `-0530`: an offset as `TZOFFSETFROM`/`TZOFFSETTO` write it. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const whole = Math.abs(minutes)
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}${String(whole % 60).padStart(2, '0')}`
}

/** The name the runtime files a zone under (`US/Eastern` → `America/New_York`), for names the library lacks. */
const canonicalName = (zone: string): string =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone

export type CalendarZone = {
  /** The `TZID` that times of the zone carry. */
  tzid: string
  /** Its `VTIMEZONE` component, as content lines. */
  lines: string[]
}

/**
 * A zone as iCalendar describes it, for times written on its wall clock: an IANA zone with its current rules of
 * daylight-saving time (observances that repeat yearly, as Google Calendar, Outlook and Apple Calendar write them),
 * or a `UTC±N` offset as a zone of one offset. Undefined for a zone the library does not describe.
 */
export function calendarZone(zone: string): CalendarZone | undefined {
  const offset = utcOffsetMinutes(zone)
  if (offset !== null && offset !== 0) {
    return {
      tzid: zone,
      lines: [
        'BEGIN:VTIMEZONE',
        `TZID:${zone}`,
        'BEGIN:STANDARD',
        `TZNAME:${zone}`,
        `TZOFFSETFROM:${offsetText(offset)}`,
        `TZOFFSETTO:${offsetText(offset)}`,
        'DTSTART:19700101T000000',
        'END:STANDARD',
        'END:VTIMEZONE',
      ],
    }
  }
  for (const name of offset === 0 ? ['UTC'] : [zone, canonicalName(zone)]) {
    const block = tzlib_get_ical_block(name)
    if (!Array.isArray(block) || !block[0]?.startsWith('BEGIN:VTIMEZONE')) continue
    const lines = block[0].split('\r\n')
    // The library files some zones under their current name (`Asia/Calcutta` as `Asia/Kolkata`).
    const tzid = lines.find((line) => line.startsWith('TZID:'))?.slice(5)
    if (tzid) return { tzid, lines }
  }
  return undefined
}
