const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/
const DAY_MS = 86_400_000

const isoDay = (date: Date) => date.toISOString().slice(0, 10)
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`)

/** `value` when it is a `yyyy-MM` month between years 1000 and 9999, else the month of `today` (`yyyy-MM-dd`). */
export const monthOrDefault = (value: unknown, today: string): string =>
  typeof value === 'string' && MONTH.test(value) && value >= '1000' ? value : today.slice(0, 7)

/** The month `delta` months after `month`. */
export function shiftMonth(month: string, delta: number): string {
  const [year, monthNumber] = month.split('-').map(Number)
  return isoDay(new Date(Date.UTC(year, monthNumber - 1 + delta, 1))).slice(0, 7)
}

/** The whole weeks (`yyyy-MM-dd` days, starting on Sunday = 0 or Monday = 1) that cover `month`. */
export function monthWeeks(month: string, weekStartsOn: 0 | 1): string[][] {
  const first = dayDate(`${month}-01`)
  const last = dayDate(`${shiftMonth(month, 1)}-01`).getTime() - DAY_MS
  const lead = (first.getUTCDay() - weekStartsOn + 7) % 7
  const weeks: string[][] = []
  for (let day = first.getTime() - lead * DAY_MS; day <= last; day += 7 * DAY_MS) {
    weeks.push(Array.from({ length: 7 }, (_, index) => isoDay(new Date(day + index * DAY_MS))))
  }
  return weeks
}

/** The days from `first` to `last` (inclusive) that are also in `days`. */
export function daysWithin(first: string, last: string, days: readonly string[]): string[] {
  return days.filter((day) => day >= first && day <= last)
}
