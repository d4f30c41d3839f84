import type { CollectionConfig, CollectionSlug, Field } from 'payload'

import type { ResolvedCalendarOptions } from '../src/core/options.js'

import { authoredAccess } from '../src/core/access.js'
import { clientComponent } from '../src/admin/components.js'
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

const localizedText = (name: string, label: ReturnType<typeof t3>): Field => ({
  name,
  type: 'text',
  localized: true,
  label,
})

const coordinate = (name: string, label: ReturnType<typeof t3>, limit: number): Field => ({
  name,
  type: 'number',
  index: true,
  min: -limit,
  max: limit,
  label,
  admin: {
    step: 0.000001,
    description: t3('Optional, in decimal degrees.', '选填，十进制度数。', '選填，十進位度數。'),
  },
})

export const venuesCollection = (
  options: ResolvedCalendarOptions,
  usersSlug: CollectionSlug,
): CollectionConfig => ({
  slug: options.slugs.venues,
  labels: { singular: t3('Venue', '场地', '場地'), plural: t3('Venues', '场地', '場地') },
  trash: true,
  access: authoredAccess(options.access),
  defaultSort: 'name',
  // The namespace lists them latest published first.
  indexes: [{ fields: ['deletedAt', 'publishedAt'] }],
  admin: {
    useAsTitle: 'name',
    preview: previewOf(options, 'venue'),
    defaultColumns: ['name', 'city', 'country', 'status'],
    listSearchableFields: ['name', 'city'],
    group: t3('Calendar', '日历', '行事曆'),
  },
  hooks: {
    beforeChange: [authorship(options.access, usersSlug), searchText(DESCRIPTION_SEARCHED)],
    afterRead: [withoutWriteOnlyFields],
  },
  fields: [
    localizedName('name', t3('Venue name', '场地名称', '場地名稱')),
    {
      name: 'description',
      type: 'richText',
      localized: true,
      label: t3('Description', '描述', '描述'),
    },
    { name: 'excerpt', type: 'textarea', localized: true, label: t3('Excerpt', '摘要', '摘要') },
    localizedText('address', t3('Address', '地址', '地址')),
    {
      type: 'row',
      fields: [
        localizedText('city', t3('City', '城市', '城市')),
        localizedText('state', t3('State', '州', '州')),
        localizedText('province', t3('Province', '省份', '省份')),
      ],
    },
    {
      name: 'stateProvince',
      type: 'text',
      localized: true,
      label: t3('State or province', '州/省', '州/省'),
      admin: {
        description: t3(
          'As shown to clients; when empty, the state or else the province.',
          '向客户端显示的值；留空时使用州，否则使用省份。',
          '向用戶端顯示的值；留空時使用州，否則使用省份。',
        ),
      },
    },
    {
      type: 'row',
      fields: [
        { name: 'zip', type: 'text', label: t3('Postal code', '邮政编码', '郵遞區號') },
        localizedText('country', t3('Country', '国家/地区', '國家/地區')),
      ],
    },
    {
      type: 'row',
      fields: [
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
      type: 'row',
      fields: [
        coordinate('geoLat', t3('Latitude', '纬度', '緯度'), 90),
        coordinate('geoLng', t3('Longitude', '经度', '經度'), 180),
      ],
    },
    {
      name: 'mapLink',
      type: 'ui',
      admin: { components: { Field: clientComponent('VenueMapLink') } },
    },
    {
      name: 'image',
      type: 'upload',
      relationTo: options.slugs.media,
      label: t3('Featured image', '特色图片', '精選圖片'),
    },
    {
      type: 'collapsible',
      label: t3('Display', '显示', '顯示'),
      admin: { position: 'sidebar' },
      fields: [
        {
          name: 'showMap',
          type: 'checkbox',
          defaultValue: true,
          label: t3('Show map', '显示地图', '顯示地圖'),
        },
        {
          name: 'showMapLink',
          type: 'checkbox',
          defaultValue: true,
          label: t3('Show map link', '显示地图链接', '顯示地圖連結'),
        },
      ],
    },
    ...publicationFields(usersSlug),
    slugField({ from: 'name', fallback: 'venue' }),
    searchTextField,
    ...importFields,
    ...givenFields,
  ],
})
