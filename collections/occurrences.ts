import type { CollectionConfig } from 'payload'

import type { Id } from '../src/core/model.js'
import type { ResolvedCalendarOptions } from '../src/core/options.js'

import { clientComponent, serverComponent } from '../src/admin/components.js'
import { occurrenceAccess } from '../src/core/access.js'
import { t3 } from '../src/core/adminLanguages.js'

/**
 * Each time an event takes place: one occurrence for a single event, one per date for a recurring series, kept
 * by the calendar as the event is written (`src/hooks/occurrences.ts`), never by hand. `key` names the occurrence
 * for as long as its series lives (the local date it falls on in the rule: docs/decisions.md, "Recurring events"),
 * so editing the series keeps the occurrences it still has. An occurrence may be changed on its own, its times
 * and its title, description, venue, organizers and image (docs/api.md#changing-one-occurrence).
 */
export const occurrencesCollection = (options: ResolvedCalendarOptions): CollectionConfig => ({
  slug: options.slugs.occurrences,
  labels: {
    singular: t3('Occurrence', '场次', '場次'),
    plural: t3('Occurrences', '场次', '場次'),
  },
  access: occurrenceAccess(options.access),
  // Listed one row per date beside the events list, which shows a series once; read-only, as the namespace and
  // the event form write them. A row opens its event.
  defaultSort: 'startDate',
  admin: {
    group: t3('Calendar', '日历', '行事曆'),
    useAsTitle: 'key',
    defaultColumns: ['startDate', 'endDate', 'series', 'cancelled', 'moved', 'changed'],
    groupBy: true,
    formatDocURL: ({ doc, req }) => {
      const series = doc.series as Id | { id: Id }
      const id = typeof series === 'object' ? series.id : series
      return `${req.payload.config.routes.admin}/collections/${options.slugs.events}/${id}`
    },
    components: {
      beforeListTable: [
        serverComponent('CalendarLink', { variant: 'button' }),
        serverComponent('ListLink', { collection: options.slugs.events, label: 'listByEvent' }),
        clientComponent('UpcomingFirst'),
      ],
    },
  },
  // Lists read occurrences by start within a window and check each one's event and state in the index itself
  // (docs/performance.md#recurring-events-2026-11-27); a series' occurrences are read and kept by key, and those of
  // one series within a window, or its first there, by its own index: a planner without statistics reads the
  // occurrences of each event of a list's set in turn, which the window's index served by scanning the whole window
  // for each (docs/performance.md#plans-without-statistics-2026-11-28).
  indexes: [
    { fields: ['series', 'key'], unique: true },
    { fields: ['startDate', 'endDate', 'series', 'cancelled'] },
    { fields: ['series', 'startDate', 'endDate', 'cancelled'] },
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
      admin: {
        date: { pickerAppearance: 'dayAndTime' },
        components: { Cell: clientComponent('ZonedDateCell', { siteTimezone: options.timezone }) },
      },
    },
    {
      name: 'endDate',
      type: 'date',
      required: true,
      label: t3('End', '结束', '結束'),
      admin: {
        date: { pickerAppearance: 'dayAndTime' },
        components: { Cell: clientComponent('ZonedDateCell', { siteTimezone: options.timezone }) },
      },
    },
    {
      // Its event's, kept with it for lists of occurrences (ZonedDateCell).
      name: 'timezone',
      type: 'text',
      label: t3('Time zone', '时区', '時區'),
      admin: { readOnly: true },
    },
    {
      name: 'allDay',
      type: 'checkbox',
      label: t3('All day', '全天', '全天'),
      admin: { readOnly: true },
    },
    {
      // Where the rule puts it; its start differs when it was moved on its own (`moved`).
      name: 'originalStart',
      type: 'date',
      label: t3('Planned start', '原定开始', '原定開始'),
      admin: { date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      // Kept when the series is edited, so a cancelled date stays cancelled while the series has it.
      name: 'cancelled',
      type: 'checkbox',
      defaultValue: false,
      label: t3('Cancelled', '已取消', '已取消'),
      admin: { components: { Cell: clientComponent('FlagCell') } },
    },
    {
      // Its times are its own: editing the series moves it no more.
      name: 'moved',
      type: 'checkbox',
      defaultValue: false,
      label: t3('Moved', '已改期', '已改期'),
      admin: { components: { Cell: clientComponent('FlagCell') } },
    },
    {
      // It has times or content of its own (the fields below); lists then read them.
      name: 'changed',
      type: 'checkbox',
      defaultValue: false,
      label: t3('Changed', '已更改', '已更改'),
      admin: { components: { Cell: clientComponent('FlagCell') } },
    },
    // What this occurrence has of its own; empty, in a language, is the event's.
    { name: 'title', type: 'text', localized: true, label: t3('Title', '标题', '標題') },
    {
      name: 'description',
      type: 'richText',
      localized: true,
      label: t3('Description', '描述', '描述'),
    },
    {
      name: 'venue',
      type: 'relationship',
      relationTo: options.slugs.venues,
      hasMany: true,
      label: t3('Venue', '场地', '場地'),
    },
    {
      name: 'organizers',
      type: 'relationship',
      relationTo: options.slugs.organizers,
      hasMany: true,
      label: t3('Organizers', '主办方', '主辦單位'),
    },
    {
      name: 'image',
      type: 'upload',
      relationTo: options.slugs.media,
      label: t3('Featured image', '特色图片', '精選圖片'),
    },
  ],
})
