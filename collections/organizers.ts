import type { CollectionConfig, CollectionSlug } from 'payload'

import type { ResolvedCalendarOptions } from '../src/core/options.js'

import { authoredAccess } from '../src/core/access.js'
import { localizedName } from '../src/fields/localizedName.js'
import { givenFields, importFields, publicationFields } from '../src/fields/publication.js'
import { searchTextField } from '../src/fields/searchText.js'
import { slugField } from '../src/fields/slug.js'
import { authorship } from '../src/hooks/authorship.js'
import { DESCRIPTION_SEARCHED, searchText } from '../src/hooks/searchText.js'
import { withoutWriteOnlyFields } from '../src/hooks/writeOnly.js'
import { t3 } from '../src/core/adminLanguages.js'
import { validateUrl } from '../src/core/validate.js'
import { previewOf } from '../src/site/previewLink.js'

export const organizersCollection = (
  options: ResolvedCalendarOptions,
  usersSlug: CollectionSlug,
): CollectionConfig => ({
  slug: options.slugs.organizers,
  labels: {
    singular: t3('Organizer', '主办方', '主辦單位'),
    plural: t3('Organizers', '主办方', '主辦單位'),
  },
  trash: true,
  access: authoredAccess(options.access),
  defaultSort: 'name',
  // The namespace lists them latest published first.
  indexes: [{ fields: ['deletedAt', 'publishedAt'] }],
  admin: {
    useAsTitle: 'name',
    preview: previewOf(options, 'organizer'),
    defaultColumns: ['name', 'email', 'phone', 'status'],
    listSearchableFields: ['name', 'email'],
    group: t3('Calendar', '日历', '行事曆'),
  },
  hooks: {
    beforeChange: [authorship(options.access, usersSlug), searchText(DESCRIPTION_SEARCHED)],
    afterRead: [withoutWriteOnlyFields],
  },
  fields: [
    localizedName('name', t3('Organizer name', '主办方名称', '主辦單位名稱')),
    {
      name: 'description',
      type: 'richText',
      localized: true,
      label: t3('Description', '描述', '描述'),
    },
    { name: 'excerpt', type: 'textarea', localized: true, label: t3('Excerpt', '摘要', '摘要') },
    {
      type: 'row',
      fields: [
        { name: 'email', type: 'text', label: t3('Email', '电子邮件', '電子郵件') },
        { name: 'phone', type: 'text', label: t3('Phone', '电话', '電話') },
        {
          name: 'website',
          type: 'text',
          label: t3('Website', '网站', '網站'),
          validate: validateUrl,
        },
      ],
    },
    {
      name: 'image',
      type: 'upload',
      relationTo: options.slugs.media,
      label: t3('Featured image', '特色图片', '精選圖片'),
    },
    ...publicationFields(usersSlug),
    slugField({ from: 'name', fallback: 'organizer' }),
    searchTextField,
    ...importFields,
    ...givenFields,
  ],
})
