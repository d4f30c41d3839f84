import type { CollectionSlug, Payload, PayloadRequest } from 'payload'

import { pluginOptionsOf, type ResolvedCalendarOptions } from '../core/options.js'
import { hasFeature, insertRows } from '../database/adapter.js'
import { forEachBatch } from '../database/batches.js'

type Id = number | string
type Timing = { series: Id; startDate: string; endDate: string }

/** The UTC month of an ISO instant, `YYYY-MM`. */
export const monthOf = (instant: string): string => instant.slice(0, 7)

/** The month after `month` (`YYYY-MM`). */
export function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number)
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`
}

/** The instant a month (`YYYY-MM`) begins, as the occurrences' dates are stored. */
export const monthStart = (month: string): string => `${month}-01T00:00:00.000Z`

/**
 * The count rows of one series (`collections/occurrenceCounts.ts`) from its occurrences' times, cancelled ones
 * left out: a summary, and for each month from the first occurrence's to the last's how many start then or later.
 */
export function countRows(series: Id, timings: Timing[]): Record<string, unknown>[] {
  const starts = timings.map(({ startDate }) => startDate).sort()
  const longest = Math.max(
    0,
    ...timings.map(({ startDate, endDate }) => Date.parse(endDate) - Date.parse(startDate)),
  )
  const summary = {
    series,
    month: '',
    total: starts.length,
    firstMonth: starts.length ? monthOf(starts[0]) : null,
    longest,
  }
  if (!starts.length) return [summary]
  const rows: Record<string, unknown>[] = [summary]
  const last = monthOf(starts[starts.length - 1])
  let before = 0
  for (let month = monthOf(starts[0]); month <= last; month = nextMonth(month)) {
    const start = monthStart(month)
    while (before < starts.length && starts[before] < start) before++
    rows.push({ series, month, fromMonth: starts.length - before })
  }
  return rows
}

/**
 * Whether an event's occurrences are counted: those of an event with a `recurrence` value, which lists count from
 * the counts; the others are single events, counted on the events' own index (`src/query/occurrenceReads.ts`).
 */
export const isCounted = (recurrence: unknown): boolean =>
  recurrence !== null && recurrence !== undefined

/** Whether the database keeps the counts: the SQL adapters, whose lists read them. */
export const keepsOccurrenceCounts = (payload: Payload): boolean =>
  hasFeature(payload.db, 'bulkWrites') && hasFeature(payload.db, 'sqlReads')

/**
 * Counts again the occurrences of `series`, after a write that changed their times or cancellations, in that
 * write's transaction (`req`): the rows of each are replaced. Internal bookkeeping, as keeping occurrences is.
 */
export async function recountOccurrences(
  payload: Payload,
  req: Partial<PayloadRequest>,
  options: ResolvedCalendarOptions,
  series: Id[],
): Promise<void> {
  if (!series.length || !keepsOccurrenceCounts(payload)) return
  const counts = options.slugs.occurrenceCounts as CollectionSlug
  const { docs } = await payload.find({
    collection: options.slugs.occurrences,
    where: { and: [{ series: { in: series } }, { cancelled: { not_equals: true } }] },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
    select: { series: true, startDate: true, endDate: true },
  })
  const bySeries = new Map<Id, Timing[]>(series.map((id) => [id, []]))
  for (const doc of docs as unknown as Timing[]) bySeries.get(doc.series)?.push(doc)
  await forgetOccurrenceCounts(payload, req, options, series)
  await insertRows(
    payload.db,
    counts,
    [...bySeries].flatMap(([id, timings]) => countRows(id, timings)),
    req.transactionID,
  )
}

/** Drops the count rows of `events`: of an event that is no longer counted (`isCounted`). */
export async function forgetOccurrenceCounts(
  payload: Payload,
  req: Partial<PayloadRequest>,
  options: ResolvedCalendarOptions,
  events: Id[],
): Promise<void> {
  if (!events.length || !keepsOccurrenceCounts(payload)) return
  await payload.db.deleteMany({
    collection: options.slugs.occurrenceCounts as CollectionSlug,
    where: { series: { in: events } },
    req,
  })
}

/**
 * Counts the occurrences of every recurring event, trashed ones too: for the migration that adds the counts to a
 * database with series saved before. Safe to run again. Returns the number of recurring events gone through.
 */
export function fillOccurrenceCounts(
  payload: Payload,
  req: Partial<PayloadRequest>,
): Promise<number> {
  const options = pluginOptionsOf(payload.config)
  if (!options) throw new Error('occurrence counts need a config with the events calendar plugin')
  return forEachBatch<{ id: Id }>(
    payload,
    req,
    {
      collection: options.slugs.events,
      select: { recurrence: true },
      size: 200,
      where: { recurrence: { exists: true } },
    },
    (events) =>
      recountOccurrences(
        payload,
        req,
        options,
        events.map(({ id }) => id),
      ),
  )
}
