import type { CollectionConfig } from 'payload'

import type { ResolvedCalendarOptions } from '../src/core/options.js'

import { occurrenceAccess } from '../src/core/access.js'
import { t3 } from '../src/core/adminLanguages.js'

/**
 * Each time an event takes place: one occurrence for a single event, one per date for a recurring series, kept
 * by the calendar as the event is written (`src/hooks/occurrences.ts`), never by hand. `key` names the occurrence
 * for as long as its series lives (the local date it falls on in the rule: docs/decisions.md, "Recurring events"),
 * so editing the series keeps the occurrences it still has.
 */
export const occurrencesCollection = (options: ResolvedCalendarOptions): CollectionConfig => ({
  slug: options.slugs.occurrences,
  labels: {
    singular: t3('Occurrence', '场次', '場次'),
    plural: t3('Occurrences', '场次', '場次'),
  },
  access: occurrenceAccess(options.access),
  admin: { hidden: true, useAsTitle: 'key' },
  // Lists read occurrences by start within a window and check each one's event and state in the index itself
  // (docs/performance.md#recurring-events-2026-11-27); a series' occurrences are read and kept by key.
  indexes: [
    { fields: ['series', 'key'], unique: true },
    { fields: ['startDate', 'endDate', 'series', 'cancelled'] },
  ],
  fields: [
    {
      name: 'series',
      type: 'relationship',
      relationTo: options.slugs.events,
      required: true,
      index: true,
      label: t3('Event', '活动', '活動'),
    },
    { name: 'key', type: 'text', required: true, label: t3('Date', '日期', '日期') },
    {
      name: 'startDate',
      type: 'date',
      required: true,
      label: t3('Start', '开始', '開始'),
      admin: { date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'endDate',
      type: 'date',
      required: true,
      label: t3('End', '结束', '結束'),
      admin: { date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      // Kept when the series is edited, so a cancelled date stays cancelled while the series has it.
      name: 'cancelled',
      type: 'checkbox',
      defaultValue: false,
      label: t3('Cancelled', '已取消', '已取消'),
    },
  ],
})
