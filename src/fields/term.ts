import type { Field } from 'payload'

import { t3 } from '../core/adminLanguages.js'
import { localizedName } from './localizedName.js'
import { importFields } from './publication.js'
import { slugField } from './slug.js'

/** Fields shared by categories and tags; `extra` goes after the description. */
export const termFields = (fallbackSlug: string, extra: Field[] = []): Field[] => [
  localizedName('name', t3('Name', '名称', '名稱')),
  {
    name: 'description',
    type: 'textarea',
    localized: true,
    label: t3('Description', '描述', '描述'),
  },
  ...extra,
  {
    name: 'count',
    type: 'number',
    defaultValue: 0,
    index: true,
    label: t3('Published events', '已发布活动数', '已發佈活動數'),
    admin: { readOnly: true, position: 'sidebar' },
  },
  slugField({ from: 'name', fallback: fallbackSlug }),
  ...importFields,
]
