/**
 * Dates as a page shows them: on the event's own clock (the wall-clock times the namespace answers in `start_date`,
 * `end_date`), worded by `Intl` in the page's language. The wall clock is read as if it were UTC, so that every
 * zone the namespace accepts, fixed offsets included, words the same way.
 */

/** `2027-03-05 20:00:00` (or `2027-03-05`) as the instant that wall clock would be in UTC. */
const asUtc = (wall: string) =>
  new Date(`${wall.slice(0, 10)}T${wall.slice(11, 19) || '00:00:00'}Z`)

const formatter = (tag: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(tag, { ...options, timeZone: 'UTC' })

/** `Friday, 5 March 2027` / `2027年3月5日 星期五`. */
export const fullDate = (wall: string, tag: string) =>
  formatter(tag, { dateStyle: 'full' }).format(asUtc(wall))

/** `5 Mar 2027` / `2027年3月5日`. */
export const mediumDate = (wall: string, tag: string) =>
  formatter(tag, { dateStyle: 'medium' }).format(asUtc(wall))

/** `8:00 PM` / `20:00`. */
export const clockTime = (wall: string, tag: string) =>
  formatter(tag, { timeStyle: 'short' }).format(asUtc(wall))

/** `March 2027` / `2027年3月`. */
export const monthName = (month: string, tag: string) =>
  formatter(tag, { month: 'long', year: 'numeric' }).format(asUtc(`${month}-01`))

/** `Mon` / `週一`, for a `yyyy-MM-dd` day. */
export const weekdayShort = (day: string, tag: string) =>
  formatter(tag, { weekday: 'short' }).format(asUtc(day))

/** `Monday` / `星期一`. */
export const weekdayLong = (day: string, tag: string) =>
  formatter(tag, { weekday: 'long' }).format(asUtc(day))

/** The day of the month, `5` / `5日`. */
export const dayOfMonth = (day: string, tag: string) =>
  formatter(tag, { day: 'numeric' }).format(asUtc(day))

/** The local day, `yyyy-MM-dd`, of a wall clock. */
export const dayOf = (wall: string) => wall.slice(0, 10)

/** The day after (or before, with -1) a `yyyy-MM-dd` day. */
export function shiftDay(day: string, delta: number): string {
  const date = asUtc(day)
  date.setUTCDate(date.getUTCDate() + delta)
  return date.toISOString().slice(0, 10)
}

/** The `datetime` of a `<time>`: the wall clock with the event's offset, or the day alone for all-day events. */
export function machineTime(wall: string, utc: string, allDay: boolean): string {
  if (allDay) return dayOf(wall)
  const offsetMinutes = Math.round((asUtc(wall).getTime() - asUtc(utc).getTime()) / 60_000)
  const sign = offsetMinutes < 0 ? '-' : '+'
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0')
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0')
  return `${wall.slice(0, 10)}T${wall.slice(11, 19)}${sign}${hours}:${minutes}`
}

export type RangePart = { source: 'endRange' | 'shared' | 'startRange'; value: string }

/** What joins a date and a time: `Dec 5, 2027, 8:00 PM`, `2027年12月5日 晚上8:00`. */
const dateTimeJoiner = (tag: string) => (tag.toLowerCase().startsWith('zh') ? ' ' : ', ')

/**
 * When something happens from one wall clock to another, in the language of `tag`, in parts: what both ends share,
 * and each end's own. One day is its date and its times as `Intl` words a range of times (`Dec 5, 2027, 8:00 –
 * 11:00 PM`, `2027年12月5日 晚上8:00至11:00`); several days are each end in full, between dashes; `datesOnly` words
 * the dates alone.
 */
export function dateRangeParts(
  start: string,
  end: string,
  tag: string,
  datesOnly: boolean,
): RangePart[] {
  const date = (wall: string) => mediumDate(wall, tag)
  if (dayOf(start) !== dayOf(end)) {
    const full = (wall: string) =>
      datesOnly ? date(wall) : `${date(wall)}${dateTimeJoiner(tag)}${clockTime(wall, tag)}`
    return [
      { source: 'startRange', value: full(start) },
      { source: 'shared', value: ' – ' },
      { source: 'endRange', value: full(end) },
    ]
  }
  if (datesOnly) return [{ source: 'shared', value: date(start) }]
  const times = formatter(tag, { timeStyle: 'short' }).formatRangeToParts(asUtc(start), asUtc(end))
  const parts: RangePart[] = [{ source: 'shared', value: `${date(start)}${dateTimeJoiner(tag)}` }]
  for (const { source, value } of times) {
    const last = parts.at(-1)!
    if (last.source === source) last.value += value
    else parts.push({ source: source as RangePart['source'], value })
  }
  return parts
}
