import { formatInTimeZone } from 'date-fns-tz'

/** `UTC`, `UTC+2`, `UTC-5:30`, `UTC+5.5`: the manual offsets the original API accepts besides IANA names. */
const UTC_OFFSET = /^UTC(?:([+-])(\d{1,2})(?:(?::|\.)(\d{1,2}))?)?$/

const ianaZones = new Set(Intl.supportedValuesOf('timeZone'))
ianaZones.add('UTC')

export function isValidTimezone(value: unknown): value is string {
  if (typeof value !== 'string') return false
  if (ianaZones.has(value)) return true
  return utcOffsetMinutes(value) !== null
}

/** Minutes east of UTC for a `UTC±N` zone, or null when the value is not of that form or out of range. */
export function utcOffsetMinutes(value: string): number | null {
  const match = UTC_OFFSET.exec(value)
  if (!match) return null
  const [, sign = '+', hours = '0', fraction] = match
  let minutes = Number(hours) * 60
  if (fraction !== undefined) {
    minutes += value.includes('.') ? Math.round(Number(`0.${fraction}`) * 60) : Number(fraction)
  }
  if (minutes > 14 * 60 || (value.includes(':') && Number(fraction) >= 60)) return null
  return sign === '-' ? -minutes : minutes
}

/** The zone in the form `date-fns-tz` understands: IANA names as they are, `UTC±N` as `±HH:MM`. */
export function toDateFnsZone(zone: string): string {
  const minutes = utcOffsetMinutes(zone)
  if (minutes === null || zone === 'UTC') return zone
  const abs = Math.abs(minutes)
  const hh = String(Math.floor(abs / 60)).padStart(2, '0')
  const mm = String(abs % 60).padStart(2, '0')
  return `${minutes < 0 ? '-' : '+'}${hh}:${mm}`
}


/** Zone offsets change only on quarter hours of UTC (every offset is a multiple of 15 minutes). */
const QUARTER_HOUR = 15 * 60_000
const offsets = new Map<string, number>()

/**
 * Milliseconds east of UTC in `zone` at `instant`. (date-fns-tz's `getTimezoneOffset` reads its date as a
 * wall-clock time, which is off by the DST shift in the hours around a change.) Remembered per quarter hour:
 * lists format many instants of few zones, and each date-fns-tz call costs an Intl formatting.
 */
export function offsetAt(zone: string, instant: number): number {
  const key = `${zone} ${Math.floor(instant / QUARTER_HOUR)}`
  let offset = offsets.get(key)
  if (offset === undefined) {
    const [, sign, h, m] = /([+-])(\d{2}):(\d{2})/.exec(formatInTimeZone(instant, toDateFnsZone(zone), 'xxx'))!
    offset = (sign === '-' ? -1 : 1) * (Number(h) * 60 + Number(m)) * 60_000
    if (offsets.size >= 50_000) offsets.clear()
    offsets.set(key, offset)
  }
  return offset
}
