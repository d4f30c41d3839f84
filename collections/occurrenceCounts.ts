import type { CollectionConfig } from 'payload'

import type { ResolvedCalendarOptions } from '../src/core/options.js'

/**
 * How many occurrences each recurring event has from the start of each month on, so that a list's total adds a
 * number per series where it would count every occurrence
 * (docs/performance.md#totals-of-recurring-events-2026-11-28). Kept by the calendar with the occurrences, in the
 * same transaction (`src/hooks/occurrenceCounts.ts`), on the SQL databases, whose lists read it; never shown, never
 * written by anyone else.
 */
export const occurrenceCountsCollection = (options: ResolvedCalendarOptions): CollectionConfig => ({
  slug: options.slugs.occurrenceCounts,
  admin: { hidden: true },
  lockDocuments: false,
  timestamps: false,
  access: { read: () => false, create: () => false, update: () => false, delete: () => false },
  // A total reads one month's row of every series, or the summaries of series that begin later: from this index
  // alone.
  indexes: [{ fields: ['month', 'series', 'fromMonth', 'firstMonth', 'total', 'longest'] }],
  fields: [
    {
      name: 'series',
      type: 'relationship',
      relationTo: options.slugs.events,
      required: true,
      index: true,
    },
    // `YYYY-MM` (UTC): a month from the series' first occurrence's to its last's. Empty: the series' summary.
    { name: 'month', type: 'text', required: true },
    // Its occurrences, cancelled ones left out, that start in this month or later.
    { name: 'fromMonth', type: 'number' },
    // The summary's: how many occurrences in all, the month of the first, the longest's length in milliseconds.
    { name: 'total', type: 'number' },
    { name: 'firstMonth', type: 'text' },
    { name: 'longest', type: 'number' },
  ],
})
