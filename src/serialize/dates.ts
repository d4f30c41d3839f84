import type { DateDetails } from './wire.js'

import { offsetAt, utcOffsetMinutes } from '../core/timezones.js'

type Instant = Date | string

/** The instant shifted by the zone's offset: its UTC fields are the wall-clock fields in the zone. */
function shifted(instant: Instant, zone: string): { local: string; offset: number } {
  const time = new Date(instant).getTime()
  const offset = offsetAt(zone, time)
  return { local: new Date(time + offset).toISOString().slice(0, 19), offset }
}

/** `YYYY-MM-DD HH:MM:SS` of an instant in a zone (IANA name or `UTC±N`). */
export function wallClock(instant: Instant, zone: string): string {
  return shifted(instant, zone).local.replace('T', ' ')
}

/** The parts of a `YYYY-MM-DD HH:MM:SS` string, zero-padded strings as the original returns them. */
export function dateDetails(wallClockString: string): DateDetails {
  const [year = '', month = '', day = '', hour = '', minutes = '', seconds = ''] =
    wallClockString.split(/[- :]/)
  return { year, month, day, hour, minutes, seconds }
}

/** ISO 8601 with the zone's offset at that instant (`2026-12-05T20:00:00-05:00`), as in the original's json_ld. */
export function isoWithOffset(instant: Instant, zone: string): string {
  const { local, offset } = shifted(instant, zone)
  const minutes = Math.abs(offset / 60_000)
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  return `${local}${offset < 0 ? '-' : '+'}${hhmm}`
}

/** Letter abbreviations tzdata (and so PHP) uses, by UTC offset in minutes, for each family of zones. */
const ABBREVIATION_FAMILIES: { offsets: Record<number, string>; zones: string[] }[] = [
  {
    offsets: { [-300]: 'EST', [-240]: 'EDT' },
    zones: [
      'America/New_York',
      'America/Detroit',
      'America/Toronto',
      'America/Montreal',
      'America/Nassau',
      'America/Iqaluit',
      'America/Indiana/Indianapolis',
      'America/Indianapolis',
      'America/Kentucky/Louisville',
      'America/Louisville',
      'America/Panama',
      'America/Jamaica',
      'America/Cancun',
      'US/Eastern',
      'EST5EDT',
    ],
  },
  {
    offsets: { [-360]: 'CST', [-300]: 'CDT' },
    zones: [
      'America/Chicago',
      'America/Winnipeg',
      'America/Mexico_City',
      'America/Monterrey',
      'America/Merida',
      'America/Regina',
      'America/Costa_Rica',
      'America/Guatemala',
      'America/El_Salvador',
      'America/Tegucigalpa',
      'America/Managua',
      'America/Belize',
      'America/Indiana/Knox',
      'US/Central',
      'CST6CDT',
    ],
  },
  {
    offsets: { [-420]: 'MST', [-360]: 'MDT' },
    zones: [
      'America/Denver',
      'America/Edmonton',
      'America/Boise',
      'America/Phoenix',
      'America/Hermosillo',
      'US/Mountain',
      'US/Arizona',
      'MST7MDT',
    ],
  },
  {
    offsets: { [-480]: 'PST', [-420]: 'PDT' },
    zones: ['America/Los_Angeles', 'America/Vancouver', 'America/Tijuana', 'US/Pacific', 'PST8PDT'],
  },
  {
    offsets: { [-540]: 'AKST', [-480]: 'AKDT' },
    zones: ['America/Anchorage', 'America/Juneau', 'US/Alaska'],
  },
  { offsets: { [-600]: 'HST' }, zones: ['Pacific/Honolulu', 'US/Hawaii'] },
  {
    offsets: { [-240]: 'AST', [-180]: 'ADT' },
    zones: [
      'America/Halifax',
      'America/Puerto_Rico',
      'America/Santo_Domingo',
      'America/Barbados',
      'America/Martinique',
      'Atlantic/Bermuda',
    ],
  },
  { offsets: { [-210]: 'NST', [-150]: 'NDT' }, zones: ['America/St_Johns'] },
  {
    offsets: { 0: 'GMT', 60: 'BST' },
    zones: [
      'Europe/London',
      'Europe/Belfast',
      'Europe/Guernsey',
      'Europe/Jersey',
      'Europe/Isle_of_Man',
    ],
  },
  { offsets: { 0: 'GMT', 60: 'IST' }, zones: ['Europe/Dublin'] },
  {
    offsets: { 0: 'WET', 60: 'WEST' },
    zones: [
      'Europe/Lisbon',
      'Atlantic/Canary',
      'Atlantic/Madeira',
      'Atlantic/Faroe',
      'Atlantic/Faeroe',
    ],
  },
  {
    offsets: { 60: 'CET', 120: 'CEST' },
    zones: [
      'Europe/Berlin',
      'Europe/Paris',
      'Europe/Madrid',
      'Europe/Rome',
      'Europe/Amsterdam',
      'Europe/Brussels',
      'Europe/Vienna',
      'Europe/Zurich',
      'Europe/Stockholm',
      'Europe/Oslo',
      'Europe/Copenhagen',
      'Europe/Warsaw',
      'Europe/Prague',
      'Europe/Budapest',
      'Europe/Belgrade',
      'Europe/Zagreb',
      'Europe/Ljubljana',
      'Europe/Bratislava',
      'Europe/Luxembourg',
      'Europe/Monaco',
      'Europe/Malta',
      'Europe/Andorra',
      'Europe/Tirane',
      'Europe/Sarajevo',
      'Europe/Skopje',
      'Europe/Podgorica',
      'Europe/Gibraltar',
      'Europe/Vaduz',
      'Europe/San_Marino',
      'Europe/Vatican',
      'Europe/Busingen',
      'Africa/Algiers',
      'Africa/Tunis',
      'Africa/Ceuta',
      'Arctic/Longyearbyen',
      'CET',
    ],
  },
  {
    offsets: { 120: 'EET', 180: 'EEST' },
    zones: [
      'Europe/Athens',
      'Europe/Helsinki',
      'Europe/Kiev',
      'Europe/Kyiv',
      'Europe/Bucharest',
      'Europe/Sofia',
      'Europe/Riga',
      'Europe/Tallinn',
      'Europe/Vilnius',
      'Europe/Chisinau',
      'Europe/Mariehamn',
      'Asia/Nicosia',
      'Europe/Nicosia',
      'Asia/Beirut',
      'Africa/Cairo',
      'Africa/Tripoli',
      'Europe/Kaliningrad',
      'EET',
    ],
  },
  { offsets: { 180: 'MSK' }, zones: ['Europe/Moscow', 'Europe/Simferopol'] },
  { offsets: { 120: 'IST', 180: 'IDT' }, zones: ['Asia/Jerusalem', 'Asia/Tel_Aviv'] },
  {
    offsets: { 60: 'WAT' },
    zones: ['Africa/Lagos', 'Africa/Kinshasa', 'Africa/Luanda', 'Africa/Douala'],
  },
  {
    offsets: { 120: 'CAT' },
    zones: ['Africa/Maputo', 'Africa/Harare', 'Africa/Lusaka', 'Africa/Kigali'],
  },
  { offsets: { 120: 'SAST' }, zones: ['Africa/Johannesburg'] },
  {
    offsets: { 180: 'EAT' },
    zones: ['Africa/Nairobi', 'Africa/Addis_Ababa', 'Africa/Dar_es_Salaam', 'Africa/Kampala'],
  },
  { offsets: { 300: 'PKT' }, zones: ['Asia/Karachi'] },
  { offsets: { 330: 'IST' }, zones: ['Asia/Kolkata', 'Asia/Calcutta'] },
  { offsets: { 420: 'WIB' }, zones: ['Asia/Jakarta', 'Asia/Pontianak'] },
  { offsets: { 480: 'WITA' }, zones: ['Asia/Makassar'] },
  { offsets: { 540: 'WIT' }, zones: ['Asia/Jayapura'] },
  { offsets: { 480: 'HKT', 540: 'HKST' }, zones: ['Asia/Hong_Kong', 'Hongkong'] },
  {
    offsets: { 480: 'CST', 540: 'CDT' },
    zones: [
      'Asia/Shanghai',
      'Asia/Chongqing',
      'Asia/Harbin',
      'Asia/Taipei',
      'Asia/Macau',
      'PRC',
      'ROC',
    ],
  },
  { offsets: { 480: 'PST' }, zones: ['Asia/Manila'] },
  { offsets: { 540: 'JST' }, zones: ['Asia/Tokyo', 'Japan'] },
  { offsets: { 540: 'KST' }, zones: ['Asia/Seoul', 'Asia/Pyongyang', 'ROK'] },
  { offsets: { 480: 'AWST' }, zones: ['Australia/Perth', 'Australia/West'] },
  {
    offsets: { 570: 'ACST', 630: 'ACDT' },
    zones: [
      'Australia/Adelaide',
      'Australia/Broken_Hill',
      'Australia/Darwin',
      'Australia/South',
      'Australia/North',
    ],
  },
  {
    offsets: { 600: 'AEST', 660: 'AEDT' },
    zones: [
      'Australia/Sydney',
      'Australia/Melbourne',
      'Australia/Hobart',
      'Australia/Canberra',
      'Australia/ACT',
      'Australia/NSW',
      'Australia/Victoria',
      'Australia/Tasmania',
      'Australia/Brisbane',
      'Australia/Lindeman',
      'Australia/Queensland',
    ],
  },
  { offsets: { 720: 'NZST', 780: 'NZDT' }, zones: ['Pacific/Auckland', 'NZ'] },
  {
    offsets: { 0: 'UTC' },
    zones: ['UTC', 'Etc/UTC', 'Etc/UCT', 'Etc/Universal', 'Etc/Zulu', 'Universal', 'Zulu'],
  },
  { offsets: { 0: 'GMT' }, zones: ['GMT', 'Etc/GMT', 'Etc/Greenwich', 'Greenwich'] },
]

const ABBREVIATIONS = new Map(
  ABBREVIATION_FAMILIES.flatMap(({ offsets, zones }) =>
    zones.map((zone) => [zone, offsets] as const),
  ),
)

/** tzdata's numeric form for zones without a letter abbreviation: `+08`, `+0530`, `-03`. */
function numericAbbr(offsetMinutes: number): string {
  const abs = Math.abs(offsetMinutes)
  const hours = String(Math.floor(abs / 60)).padStart(2, '0')
  const minutes = abs % 60 ? String(abs % 60).padStart(2, '0') : ''
  return `${offsetMinutes < 0 ? '-' : '+'}${hours}${minutes}`
}

/**
 * The zone's abbreviation at an instant as PHP prints it (`EST`, `CEST`, `JST`, `+08`); a manual offset zone is
 * its own abbreviation (`UTC+2`), as in the original.
 */
export function timezoneAbbr(instant: Instant, zone: string): string {
  if (zone !== 'UTC' && utcOffsetMinutes(zone) !== null) return zone
  const offset = Math.round(offsetAt(zone, new Date(instant).getTime()) / 60_000)
  return ABBREVIATIONS.get(zone)?.[offset] ?? numericAbbr(offset)
}
