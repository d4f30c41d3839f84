import type { EventObject } from '../../serialize/wire.js'

import { inDayOrder } from '../../core/dayOrder.js'
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

/** A day's events in the order an eye scans them (core/dayOrder.ts), on their own clocks. */
export const inEventsDayOrder = (day: string, events: EventObject[]): EventObject[] =>
  inDayOrder(day, events, (event) => ({
    allDay: Boolean(event.all_day),
    startDay: dayOf(event.start_date),
    startTime: event.start_date.slice(11),
    instant: event.utc_start_date,
  }))

/** The events on each day, in day order. */
export function byDay(events: EventObject[]): Map<string, EventObject[]> {
  const days = new Map<string, EventObject[]>()
  for (const event of events)
    for (const day of daysOf(event)) days.set(day, [...(days.get(day) ?? []), event])
  for (const [day, onDay] of days) days.set(day, inEventsDayOrder(day, onDay))
  return days
}
