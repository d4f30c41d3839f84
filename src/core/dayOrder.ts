/** What a day's order reads of an event: the day and time it starts on the clock it is shown on, and its instant. */
export type DayOrderKey = { allDay: boolean; startDay: string; startTime: string; instant: string }

/**
 * A day's events in the order an eye scans them: all-day events and those continuing from an earlier day first,
 * then by the time they start on the clock they are shown on, then by the instant they start.
 */
export function inDayOrder<T>(day: string, events: T[], keyOf: (event: T) => DayOrderKey): T[] {
  const spansDay = (key: DayOrderKey) => key.allDay || key.startDay < day
  return events
    .map((event) => ({ event, key: keyOf(event) }))
    .sort(
      ({ key: a }, { key: b }) =>
        Number(spansDay(b)) - Number(spansDay(a)) ||
        (spansDay(a) ? 0 : a.startTime.localeCompare(b.startTime)) ||
        a.instant.localeCompare(b.instant),
    )
    .map(({ event }) => event)
}
