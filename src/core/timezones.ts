import { formatInTimeZone } from 'date-fns-tz'

/** `UTC`, `UTC+2`, `UTC-5:30`, `UTC+5.5`: the manual offsets the original API accepts besides IANA names. */
const UTC_OFFSET = /^UTC(?:([+-])(\d{1,2})(?:(?::|\.)(\d{1,2}))?)?$/

/** IANA names start with a letter; this keeps out the offset forms some runtimes also accept (`+05:30`). */
const ZONE_NAME = /^[A-Za-z][\w+/-]*$/
const zones = new Map<string, boolean>()

/**
 * Whether the runtime can format times in a zone of this name. `Intl.supportedValuesOf` is no guide: it lists
 * the old names CLDR keeps (`Asia/Calcutta`) and leaves out the current ones (`Asia/Kolkata`), which the runtime
 * formats all the same.
 */
function isKnownZone(name: string): boolean {
  let known = zones.get(name)
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name })
      known = ZONE_NAME.test(name)
    } catch {
      known = false
    }
    if (zones.size >= 10_000) zones.clear()
    zones.set(name, known)
  }
  return known
}

export function isValidTimezone(value: unknown): value is string {
  if (typeof value !== 'string') return false
  return isKnownZone(value) || utcOffsetMinutes(value) !== null
}

/**
 * Current IANA names of zones the runtime lists under an older one, by that older name (the zones of the IANA
 * `zone1970.tab` that `Intl.supportedValuesOf` leaves out).
 */
const CURRENT_NAMES: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
}

/** The IANA zones to offer a person, by their current names, sorted. */
export const zoneNames = (): string[] =>
  [...new Set(Intl.supportedValuesOf('timeZone').map((zone) => CURRENT_NAMES[zone] ?? zone))].sort()

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
    const [, sign, h, m] = /([+-])(\d{2}):(\d{2})/.exec(
      formatInTimeZone(instant, toDateFnsZone(zone), 'xxx'),
    )!
    offset = (sign === '-' ? -1 : 1) * (Number(h) * 60 + Number(m)) * 60_000
    if (offsets.size >= 50_000) offsets.clear()
    offsets.set(key, offset)
  }
  return offset
}
