import type { CollectionConfig } from 'payload'

import type { ResolvedCalendarOptions } from '../src/core/options.js'

import { termAccess } from '../src/core/access.js'
import { termFields } from '../src/fields/term.js'
import { t3 } from '../src/core/adminLanguages.js'

export const tagsCollection = (options: ResolvedCalendarOptions): CollectionConfig => ({
  slug: options.slugs.tags,
  labels: {
    singular: t3('Event tag', '活动标签', '活動標籤'),
    plural: t3('Event tags', '活动标签', '活動標籤'),
  },
  access: termAccess(options.access),
  defaultSort: 'name',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'slug', 'count'],
    listSearchableFields: ['name'],
    group: t3('Calendar', '日历', '行事曆'),
  },
  fields: termFields('tag'),
})
