import type { CollectionConfig, CollectionSlug, PayloadRequest } from 'payload'

import type { ResolvedCalendarOptions } from '../src/core/options.js'

import { authoredAccess } from '../src/core/access.js'
import { clientComponent, serverComponent } from '../src/admin/components.js'
import { CURRENCY_POSITIONS } from '../src/core/constants.js'
import { localizedName } from '../src/fields/localizedName.js'
import { givenFields, importFields, publicationFields } from '../src/fields/publication.js'
import { searchTextField } from '../src/fields/searchText.js'
import { slugField } from '../src/fields/slug.js'
import { allDayBounds } from '../src/hooks/allDay.js'
import { authorship } from '../src/hooks/authorship.js'
import { eventPassword } from '../src/hooks/eventPassword.js'
import { EVENT_SEARCHED, searchText } from '../src/hooks/searchText.js'
import { withoutProtectedFields } from '../src/hooks/protectedFields.js'
import { withoutWriteOnlyFields } from '../src/hooks/writeOnly.js'
import { termCountsAfterChange, termCountsAfterDelete } from '../src/hooks/termCounts.js'
import { t3 } from '../src/core/adminLanguages.js'
import { isValidTimezone } from '../src/core/timezones.js'
import { newEventDefault } from '../src/core/newEventDay.js'
import { validateUrl } from '../src/core/validate.js'
import { recurrenceField } from '../src/fields/recurrence.js'
import { keepOccurrences, removeOccurrences } from '../src/hooks/occurrences.js'
import { previewOf } from '../src/site/previewLink.js'

/** A yes/no display option; `index` for the ones list filters use. */
const flag = (
  name: string,
  label: ReturnType<typeof t3>,
  { defaultValue = false, index = false } = {},
) =>
  ({
    name,
    type: 'checkbox',
    defaultValue,
    label,
    index,
    admin: { components: { Cell: clientComponent('FlagCell') } },
  }) as const

export const eventsCollection = (
  options: ResolvedCalendarOptions,
  usersSlug: CollectionSlug,
): CollectionConfig => ({
  slug: options.slugs.events,
  labels: { singular: t3('Event', '活动', '活動'), plural: t3('Events', '活动', '活動') },
  trash: true,
  access: authoredAccess(options.access),
  // For a list opened with a filter of its own; a bare list opens on upcoming events, soonest first (UpcomingFirst).
  defaultSort: '-startDate',
  admin: {
    useAsTitle: 'title',
    preview: previewOf(options, 'event'),
    defaultColumns: [
      'title',
      'startDate',
      'endDate',
      'recurrence',
      'venue',
      'status',
      'featured',
      ...(options.chinese ? ['chineseConversions'] : []),
    ],
    listSearchableFields: ['title'],
    group: t3('Calendar', '日历', '行事曆'),
    components: {
      beforeListTable: [
        serverComponent('CalendarLink', { variant: 'button' }),
        serverComponent('ListLink', {
          collection: options.slugs.occurrences,
          label: 'listByDate',
        }),
        serverComponent('ListLink', {
          collection: options.slugs.events,
          label: 'listRepeating',
          query: 'where[recurrence][exists]=true',
        }),
        ...(options.chinese
          ? [
              serverComponent('ListLink', {
                collection: options.slugs.events,
                label: 'listConverted',
                query: 'where[chineseConversions][exists]=true',
              }),
            ]
          : []),
        clientComponent('UpcomingFirst'),
      ],
    },
  },
  // Lists filter on trash, dates, status and listing and sort by start: one index answers the page and its count
  // (a single event's, whose `recurrence` is empty, docs/decisions.md#recurring-events-rules-and-their-expansion).
  // Recurring events are found by their `recurrence` (on SQL also with the list columns and their ids,
  // `src/database/readIndexes.ts`).
  indexes: [
    { fields: ['deletedAt', 'startDate', 'endDate', 'status', 'hideFromListings', 'recurrence'] },
    { fields: ['recurrence'] },
  ],
  hooks: {
    beforeChange: [
      authorship(options.access, usersSlug),
      eventPassword,
      allDayBounds,
      searchText(EVENT_SEARCHED),
    ],
    afterChange: [termCountsAfterChange(options), keepOccurrences(options)],
    beforeDelete: [removeOccurrences(options)],
    afterDelete: [termCountsAfterDelete(options)],
    afterRead: [withoutWriteOnlyFields, withoutProtectedFields(options.access)],
  },
  fields: [
    {
      type: 'tabs',
      tabs: [
        {
          label: t3('Content', '内容', '內容'),
          fields: [
            localizedName('title', t3('Title', '标题', '標題')),
            {
              name: 'excerpt',
              type: 'textarea',
              localized: true,
              label: t3('Excerpt', '摘要', '摘要'),
              admin: {
                description: t3(
                  'A sentence or two for lists.',
                  '用于列表的一两句话。',
                  '用於列表的一兩句話。',
                ),
              },
            },
            {
              name: 'description',
              type: 'richText',
              localized: true,
              label: t3('Description', '描述', '描述'),
            },
            {
              name: 'image',
              type: 'upload',
              relationTo: options.slugs.media,
              label: t3('Featured image', '特色图片', '精選圖片'),
            },
            {
              type: 'row',
              fields: [
                {
                  name: 'cost',
                  type: 'text',
                  label: t3('Cost', '费用', '費用'),
                  admin: {
                    description: t3(
                      'Free text: 10, 10 - 20, Free…',
                      '自由填写：10、10 - 20、免费…',
                      '自由填寫：10、10 - 20、免費…',
                    ),
                  },
                },
                {
                  name: 'currencySymbol',
                  type: 'text',
                  label: t3('Currency symbol', '货币符号', '貨幣符號'),
                  admin: {
                    description: t3(
                      'For example $, €, HK$.',
                      '例如 ¥、$、HK$。',
                      '例如 NT$、$、HK$。',
                    ),
                  },
                },
                {
                  name: 'currencyCode',
                  type: 'text',
                  label: t3('Currency code', '货币代码', '貨幣代碼'),
                  admin: {
                    description: t3(
                      'ISO 4217, such as USD.',
                      'ISO 4217 代码，例如 CNY。',
                      'ISO 4217 代碼，例如 TWD。',
                    ),
                  },
                },
                {
                  name: 'currencyPosition',
                  type: 'select',
                  label: t3('Symbol position', '符号位置', '符號位置'),
                  options: CURRENCY_POSITIONS.map((value) => ({
                    value,
                    label:
                      value === 'prefix'
                        ? t3('Before the amount', '金额前', '金額前')
                        : t3('After the amount', '金额后', '金額後'),
                  })),
                },
              ],
            },
            {
              name: 'website',
              type: 'text',
              label: t3('Website', '网站', '網站'),
              validate: validateUrl,
              admin: {
                description: t3(
                  "The event's own page or ticket page.",
                  '活动自己的网页或购票页面。',
                  '活動自己的網頁或購票頁面。',
                ),
              },
            },
          ],
        },
        {
          label: t3('When', '时间', '時間'),
          description: t3(
            "Times are entered in the event's time zone.",
            '时间按活动所在时区填写。',
            '時間依活動所在時區填寫。',
          ),
          fields: [
            {
              type: 'row',
              fields: [
                {
                  name: 'timezone',
                  type: 'text',
                  required: true,
                  defaultValue: options.timezone,
                  label: t3('Time zone', '时区', '時區'),
                  admin: {
                    components: {
                      Field: clientComponent('TimezoneField', { siteTimezone: options.timezone }),
                    },
                    description: t3(
                      'Changing it keeps the times as entered, in the new zone.',
                      '更改时区时，已填写的时间保持不变，改按新时区计算。',
                      '變更時區時，已填寫的時間保持不變，改按新時區計算。',
                    ),
                  },
                  validate: (value: unknown, { req }: { req: PayloadRequest }) =>
                    isValidTimezone(value) || req.t('calendar:invalidTimezone' as never),
                },
                {
                  ...flag('allDay', t3('All day', '全天', '全天')),
                  admin: {
                    description: t3(
                      'Whole days: no times.',
                      '整天进行，无需填写时间。',
                      '整天進行，無需填寫時間。',
                    ),
                  },
                },
              ],
            },
            {
              type: 'row',
              fields: [
                {
                  name: 'startDate',
                  type: 'date',
                  required: true,
                  index: true,
                  defaultValue: newEventDefault('start', options.timezone),
                  label: t3('Start', '开始', '開始'),
                  admin: {
                    date: { pickerAppearance: 'dayAndTime' },
                    components: {
                      Field: clientComponent('EventDateField', {
                        bound: 'start',
                        siteTimezone: options.timezone,
                      }),
                      Cell: clientComponent('ZonedDateCell', { siteTimezone: options.timezone }),
                    },
                  },
                },
                {
                  name: 'endDate',
                  type: 'date',
                  required: true,
                  index: true,
                  defaultValue: newEventDefault('end', options.timezone),
                  label: t3('End', '结束', '結束'),
                  admin: {
                    date: { pickerAppearance: 'dayAndTime' },
                    components: {
                      Field: clientComponent('EventDateField', {
                        bound: 'end',
                        siteTimezone: options.timezone,
                      }),
                      Cell: clientComponent('ZonedDateCell', { siteTimezone: options.timezone }),
                    },
                  },
                  validate: (value, { req, siblingData }) => {
                    const start = (siblingData as { startDate?: string }).startDate
                    if (value && start && new Date(value) < new Date(start)) {
                      return req.t('calendar:endBeforeStart' as never)
                    }
                    return value ? true : req.t('validation:required')
                  },
                },
              ],
            },
            {
              // SeriesTiming.startWall: written by the namespace and the start's field in the admin.
              name: 'startWall',
              type: 'text',
              admin: { hidden: true },
            },
            {
              ...recurrenceField,
              admin: {
                components: {
                  Field: clientComponent('RepeatField', {
                    occurrences: options.slugs.occurrences,
                    siteTimezone: options.timezone,
                  }),
                  Cell: clientComponent('RepeatCell'),
                },
              },
            },
            {
              name: 'occurrences',
              type: 'ui',
              admin: {
                components: {
                  Field: clientComponent('OccurrencesField', {
                    events: options.slugs.events,
                    occurrences: options.slugs.occurrences,
                    siteTimezone: options.timezone,
                  }),
                },
              },
            },
          ],
        },
        {
          label: t3('Where', '地点', '地點'),
          fields: [
            {
              name: 'venue',
              type: 'relationship',
              relationTo: options.slugs.venues,
              hasMany: true,
              index: true,
              label: t3('Venue', '场地', '場地'),
              admin: {
                description: t3(
                  'Pick a venue, or create one here with the + button.',
                  '选择场地，或点 + 按钮在此新建。',
                  '選擇場地，或按 + 按鈕在此新增。',
                ),
              },
            },
          ],
        },
        {
          label: t3('Who', '主办', '主辦'),
          fields: [
            {
              name: 'organizers',
              type: 'relationship',
              relationTo: options.slugs.organizers,
              hasMany: true,
              index: true,
              label: t3('Organizers', '主办方', '主辦單位'),
              admin: {
                description: t3(
                  'One or more; create a new one here with the + button.',
                  '可选多个；点 + 按钮可在此新建。',
                  '可選多個；按 + 按鈕可在此新增。',
                ),
              },
            },
          ],
        },
        {
          label: t3('Classification', '分类', '分類'),
          fields: [
            {
              name: 'categories',
              type: 'relationship',
              relationTo: options.slugs.categories,
              hasMany: true,
              index: true,
              label: t3('Categories', '分类', '分類'),
              admin: { components: { Field: clientComponent('CategoryTreeField') } },
            },
            {
              name: 'tags',
              type: 'relationship',
              relationTo: options.slugs.tags,
              hasMany: true,
              index: true,
              label: t3('Tags', '标签', '標籤'),
              admin: {
                description: t3(
                  'Type to find a tag; + creates one.',
                  '输入以查找标签；+ 可新建。',
                  '輸入以尋找標籤；+ 可新增。',
                ),
              },
            },
          ],
        },
        {
          label: t3('Display', '显示', '顯示'),
          fields: [
            flag('featured', t3('Featured', '精选', '精選'), { index: true }),
            flag(
              'sticky',
              t3('Sticky: first in lists', '置顶：列表中排在最前', '置頂：列表中排在最前'),
            ),
            flag('hideFromListings', t3('Hide from listings', '不在列表中显示', '不在列表中顯示'), {
              index: true,
            }),
            flag('showMap', t3('Show map', '显示地图', '顯示地圖'), { defaultValue: true }),
            flag('showMapLink', t3('Show map link', '显示地图链接', '顯示地圖連結'), {
              defaultValue: true,
            }),
            flag('ticketed', t3('Ticketed', '售票', '售票'), { index: true }),
          ],
        },
      ],
    },
    ...publicationFields(usersSlug),
    slugField({ from: 'title', fallback: 'event' }),
    {
      name: 'parent',
      type: 'relationship',
      relationTo: options.slugs.events,
      index: true,
      label: t3('Parent event', '父活动', '上層活動'),
      admin: { position: 'sidebar' },
    },
    {
      name: 'addToCalendar',
      type: 'ui',
      admin: { position: 'sidebar', components: { Field: clientComponent('AddToCalendar') } },
    },
    {
      type: 'collapsible',
      label: t3('Password', '密码', '密碼'),
      admin: { position: 'sidebar', initCollapsed: true },
      fields: [
        flag('passwordProtected', t3('Password protected', '需要密码', '需要密碼')),
        {
          name: 'password',
          type: 'text',
          virtual: true,
          label: t3('New password', '新密码', '新密碼'),
          admin: {
            condition: (_, siblingData) => Boolean(siblingData?.passwordProtected),
            description: t3(
              'Stored only as a hash. Leave empty to keep the current one.',
              '仅保存哈希值。留空则保留当前密码。',
              '僅儲存雜湊值。留空則保留目前密碼。',
            ),
          },
        },
        { name: 'passwordHash', type: 'text', hidden: true },
      ],
    },
    searchTextField,
    ...importFields,
    ...givenFields,
  ],
})
