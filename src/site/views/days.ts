import type { EventObject } from '../../serialize/wire.js'

import { dayOf, shiftDay } from '../format.js'

/**
 * The days an event covers on its own clock: from its start's day to its end's, an end at midnight belonging to the
 * day before (an evening to 00:00 is one day).
 */
export function daysOf(event: EventObject): string[] {
  const first = dayOf(event.start_date)
  let last = dayOf(event.end_date)
  if (!event.all_day && last > first && event.end_date.slice(11, 19) === '00:00:00')
    last = shiftDay(last, -1)
  const days = [first]
  while (days.at(-1)! < last && days.length < 366) days.push(shiftDay(days.at(-1)!, 1))
  return days
}

/**
 * A day's events in the order an eye scans them: all-day events and those continuing from an earlier day first,
 * then by the time they start, on their own clocks.
 */
export function inDayOrder(day: string, events: EventObject[]): EventObject[] {
  const spansDay = (event: EventObject) => Boolean(event.all_day) || dayOf(event.start_date) < day
  return [...events].sort(
    (a, b) =>
      Number(spansDay(b)) - Number(spansDay(a)) ||
      (spansDay(a) ? 0 : a.start_date.slice(11).localeCompare(b.start_date.slice(11))) ||
      a.utc_start_date.localeCompare(b.utc_start_date),
  )
}

/** The events on each day, in day order. */
export function byDay(events: EventObject[]): Map<string, EventObject[]> {
  const days = new Map<string, EventObject[]>()
  for (const event of events)
    for (const day of daysOf(event)) days.set(day, [...(days.get(day) ?? []), event])
  for (const [day, onDay] of days) days.set(day, inDayOrder(day, onDay))
  return days
}
