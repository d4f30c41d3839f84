import type { CollectionConfig } from 'payload'

import type { ResolvedCalendarOptions } from '../src/core/options.js'

import { t3 } from '../src/core/adminLanguages.js'

/** Minimal image collection, added only when the host has no collection with the media slug. */
export const mediaCollection = (options: ResolvedCalendarOptions): CollectionConfig => ({
  slug: options.slugs.media,
  labels: { singular: t3('Image', '图片', '圖片'), plural: t3('Images', '图片', '圖片') },
  access: {
    read: () => true,
    create: ({ req }) => options.access.write({ req }),
    update: ({ req }) => options.access.write({ req }),
    delete: ({ req }) => options.access.publish({ req }),
  },
  admin: { group: t3('Calendar', '日历', '行事曆') },
  upload: { staticDir: 'media', mimeTypes: ['image/*'] },
  fields: [
    {
      name: 'alt',
      type: 'text',
      localized: true,
      label: t3('Alternative text', '替代文字', '替代文字'),
    },
  ],
})
