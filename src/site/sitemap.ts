import type { MetadataRoute } from 'next'
import type { SanitizedConfig, Where } from 'payload'

import { createLocalReq, getPayload } from 'payload'

import type { TermDoc } from '../core/model.js'

import { pluginOptionsOf } from '../core/options.js'
import { findAll } from '../query/reads.js'
import { categoryPath } from '../serialize/term.js'
import { siteURL } from '../serialize/siteURL.js'
import { addressBookOf, pathOfPage, type SitePage } from './addresses.js'
import { pageLanguage } from './messages.js'

type Dated = { slug?: string | null; updatedAt?: string }

/**
 * The calendar's pages for Next.js's `app/sitemap.ts`: the archive, and every published event, venue, organizer,
 * category and tag, each in the site's default language with its other languages as alternates. Read as an
 * anonymous visitor, so only what anyone may see is listed.
 */
export async function calendarSitemap(
  config: Promise<SanitizedConfig> | SanitizedConfig,
): Promise<MetadataRoute.Sitemap> {
  const payload = await getPayload({ config })
  const options = pluginOptionsOf(payload.config)
  if (!options) throw new Error('the calendar plugin is not in this Payload config')
  const book = addressBookOf(options, payload.config)
  const req = await createLocalReq({}, payload)
  const reader = { req, locale: book.defaultLocale, options }
  const base = siteURL(req, options)
  const published: Where = { status: { equals: 'publish' } }
  const read = <T>(collection: string, where: Where = {}) =>
    findAll<T & Dated>(reader, { collection: collection as never, where })
  const { slugs } = options
  const [events, venues, organizers, categories, tags] = await Promise.all([
    read<{ hideFromListings?: boolean }>(slugs.events, {
      and: [published, { hideFromListings: { not_equals: true } }],
    }),
    read(slugs.venues, published),
    read(slugs.organizers, published),
    read<TermDoc>(slugs.categories),
    read<TermDoc>(slugs.tags),
  ])
  const byId = new Map(categories.map((term) => [term.id, term]))
  const entry = (page: SitePage, updatedAt?: string): MetadataRoute.Sitemap[number] => ({
    url: `${base}${pathOfPage(page, book.defaultLocale, book)}`,
    lastModified: updatedAt,
    alternates: {
      languages: Object.fromEntries(
        book.locales.map((locale) => [
          pageLanguage(locale).tag,
          `${base}${pathOfPage(page, locale, book)}`,
        ]),
      ),
    },
  })
  const withSlug = <T extends Dated>(docs: T[]) => docs.filter((doc) => doc.slug)
  return [
    entry({ kind: 'archive', of: { kind: 'all' }, view: 'list', page: 1 }),
    ...withSlug(events).map((doc) => entry({ kind: 'event', slug: doc.slug! }, doc.updatedAt)),
    ...withSlug(venues).map((doc) => entry({ kind: 'venue', slug: doc.slug! }, doc.updatedAt)),
    ...withSlug(organizers).map((doc) =>
      entry({ kind: 'organizer', slug: doc.slug! }, doc.updatedAt),
    ),
    ...withSlug(categories).map((term) =>
      entry({
        kind: 'archive',
        of: { kind: 'category', path: categoryPath(term, byId) },
        view: 'list',
        page: 1,
      }),
    ),
    ...withSlug(tags).map((term) =>
      entry({ kind: 'archive', of: { kind: 'tag', slug: term.slug! }, view: 'list', page: 1 }),
    ),
  ]
}
