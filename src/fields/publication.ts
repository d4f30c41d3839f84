import type { CollectionSlug, Field } from 'payload'

import { POST_STATUSES } from '../core/constants.js'
import { t3 } from '../core/adminLanguages.js'

const statusLabels = {
  publish: t3('Published', '已发布', '已發佈'),
  future: t3('Scheduled', '定时发布', '排程發佈'),
  draft: t3('Draft', '草稿', '草稿'),
  pending: t3('Pending review', '待审核', '待審核'),
  private: t3('Private', '私密', '私人'),
}

/** Publication status, publication date and author: what the original API calls the post's state. */
export const publicationFields = (usersSlug: CollectionSlug): Field[] => [
  {
    name: 'status',
    type: 'select',
    required: true,
    defaultValue: 'publish',
    index: true,
    label: t3('Status', '状态', '狀態'),
    options: POST_STATUSES.map((value) => ({ value, label: statusLabels[value] })),
    admin: { position: 'sidebar' },
  },
  {
    name: 'publishedAt',
    type: 'date',
    index: true,
    label: t3('Publication date', '发布日期', '發佈日期'),
    admin: {
      position: 'sidebar',
      date: { pickerAppearance: 'dayAndTime' },
      description: t3(
        'Set automatically on first publication; a future date with status Scheduled publishes later.',
        '首次发布时自动设置；状态为“定时发布”时可设为将来的日期。',
        '首次發佈時自動設定；狀態為「排程發佈」時可設為未來的日期。',
      ),
    },
  },
  {
    name: 'author',
    type: 'relationship',
    relationTo: usersSlug,
    index: true,
    label: t3('Author', '作者', '作者'),
    admin: { position: 'sidebar' },
  },
]

/**
 * What an import needs to know of a record it wrote: its stable identifier in the source (a dataset key or
 * another site's `global_id`), which makes imports idempotent, and a digest of the source record as last
 * imported, which tells a later run whether it changed.
 */
export const importFields: Field[] = [
  { name: 'importKey', type: 'text', unique: true, index: true, admin: { hidden: true } },
  { name: 'importDigest', type: 'text', admin: { hidden: true } },
]

/**
 * Whether a write through the namespace gave the slug (`slugGiven`) itself. WordPress keeps a given `post_name` on a
 * draft and has none until publication otherwise, so a draft or pending record shows its slug only when it was
 * given. The admin fills the slug in by itself, so what it saves cannot tell and never sets it. The flag once set
 * stays: a later write without a slug (or with `slug: ""`, which keeps the slug) leaves it as it is. Once
 * published it no longer matters. Venue and organizer writes take no slug, so theirs stays false (their slugs
 * always show). (A publication date needs no such flag: a draft has one only when it was given or published.)
 */
export const givenFields: Field[] = [
  { name: 'slugGiven', type: 'checkbox', defaultValue: false, admin: { hidden: true } },
]
