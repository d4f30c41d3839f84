import type { CollectionConfig } from 'payload'

import type { ResolvedCalendarOptions } from '../src/core/options.js'

import { termAccess } from '../src/core/access.js'
import { termFields } from '../src/fields/term.js'
import { t3 } from '../src/core/adminLanguages.js'

export const categoriesCollection = (options: ResolvedCalendarOptions): CollectionConfig => ({
  slug: options.slugs.categories,
  labels: {
    singular: t3('Event category', '活动分类', '活動分類'),
    plural: t3('Event categories', '活动分类', '活動分類'),
  },
  access: termAccess(options.access),
  defaultSort: 'name',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'parent', 'count'],
    listSearchableFields: ['name'],
    group: t3('Calendar', '日历', '行事曆'),
  },
  fields: termFields('category', [
    {
      name: 'parent',
      type: 'relationship',
      relationTo: options.slugs.categories,
      index: true,
      label: t3('Parent category', '上级分类', '上層分類'),
      filterOptions: ({ id }) => (id ? { id: { not_equals: id } } : true),
    },
  ]),
})
