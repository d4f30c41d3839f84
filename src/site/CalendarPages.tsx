import type { Metadata } from 'next'
import type { SanitizedConfig } from 'payload'

import { formatInTimeZone } from 'date-fns-tz'
import { draftMode, headers } from 'next/headers.js'
import { notFound } from 'next/navigation.js'
import { getPayload } from 'payload'
import { cache } from 'react'

import type { CalendarParts, PageContext } from './context.js'

import { pluginOptionsOf } from '../core/options.js'
import { toDateFnsZone } from '../core/timezones.js'
import { InvalidFilter } from '../query/errors.js'
import { htmlToText } from '../ical/htmlText.js'
import { addressBookOf, type PageAddress, pageOfPath, pathOfPage } from './addresses.js'
import { loadArchive, loadCategories, loadEvent, loadPlace, type Query } from './load.js'
import { pageLanguage } from './messages.js'
import { keptForVisitors } from './pageCache.js'
import { EventCard } from './parts/EventCard.js'
import { icsLink } from './parts/AddToCalendar.js'
import { ArchivePage, archiveTitle } from './views/ArchivePage.js'
import { EventBody, EventPage } from './views/EventPage.js'
import { PlacePage } from './views/PlacePage.js'
import { visitorOf } from './visitor.js'

type RouteProps = {
  params: Promise<{ path?: string[] }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The filter bar's and the list's parameters, by the original's names. */
function queryOf(search: Record<string, string | string[] | undefined>): Query {
  const date = first(search['tribe-bar-date'])
  return {
    search: first(search['tribe-bar-search'])?.trim().slice(0, 200) || undefined,
    date: date && DAY.test(date) ? date : undefined,
    category: first(search.tribe_eventcategory) || undefined,
    past: first(search.eventDisplay) === 'past',
  }
}

/**
 * The calendar's pages for a Next.js site: one page component for every address of the calendar (list, month and
 * day views, category and tag archives, events and their dates, venues, organizers, in each language), and its
 * metadata. The site's page file at the `pages.route` option's path exports both; the plugin's proxy serves the
 * calendar's addresses from there (README, "Show the calendar on your site"). `parts` replaces parts of the pages.
 */
export function createCalendarPages({
  config,
  parts = {},
}: {
  config: Promise<SanitizedConfig> | SanitizedConfig
  parts?: Partial<CalendarParts>
}) {
  const allParts: CalendarParts = { EventCard, EventBody, ...parts }

  /** Everything a page shows, read once per request for the page and its metadata. */
  const load = cache(async (pathKey: string, searchKey: string) => {
    const payload = await getPayload({ config })
    const options = pluginOptionsOf(payload.config)
    if (!options) throw new Error('the calendar plugin is not in this Payload config')
    const book = addressBookOf(options, payload.config)
    const address = pageOfPath(pathKey, book)
    if (!address) return null
    const visit = await visitorOf(payload, {
      locale: address.locale,
      headers: await headers(),
      draft: (await draftMode()).isEnabled,
    })
    const today = formatInTimeZone(new Date(), toDateFnsZone(options.timezone), 'yyyy-MM-dd')
    const { messages, tag } = pageLanguage(address.locale)
    const query = queryOf(Object.fromEntries(new URLSearchParams(searchKey)))
    const read = async () => {
      const categories = await loadCategories(visit)
      const categoryPaths = Object.fromEntries(categories.map(({ slug, path }) => [slug, path]))
      return {
        categories,
        categoryPaths,
        content: await contentOf(visit, address, query, today),
      }
    }
    const { categories, categoryPaths, content } =
      visit.req.user || visit.draft
        ? await read()
        : await keptForVisitors(payload, `${today} ${pathKey}?${searchKey}`, read)
    const page: PageContext = {
      locale: address.locale,
      tag,
      messages,
      book,
      weekStartsOn: options.pages.weekStartsOn[address.locale] ?? 1,
      today,
      namespaceURL: visit.serialize.namespaceURL,
      serverURL: visit.serialize.serverURL,
      categoryPaths,
      parts: allParts,
    }
    return { address, page, query, categories, content }
  })

  async function contentOf(
    visit: Awaited<ReturnType<typeof visitorOf>>,
    { page: target }: PageAddress,
    query: Query,
    today: string,
  ) {
    switch (target.kind) {
      case 'archive': {
        const data = await loadArchive(visit, target, query, today).catch(notFoundOnBadFilter)
        return data && { kind: 'archive' as const, data }
      }
      case 'event': {
        const data = await loadEvent(visit, target.slug, target.occurrence)
        return data && { kind: 'event' as const, data }
      }
      default: {
        const data = await loadPlace(visit, target.kind, target.slug)
        return data && { kind: 'place' as const, data }
      }
    }
  }

  const loaded = async ({ params, searchParams }: RouteProps) => {
    const { path = [] } = await params
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(await searchParams))
      for (const one of [value].flat()) if (one !== undefined) search.append(name, one)
    const found = await load(`/${path.map(encodeURIComponent).join('/')}`, search.toString())
    if (!found?.content) notFound()
    return found as typeof found & { content: NonNullable<typeof found.content> }
  }

  async function CalendarPage(props: RouteProps) {
    const { address, page, query, categories, content } = await loaded(props)
    return (
      <div className="pec-site" lang={page.tag}>
        {content.kind === 'archive' && address.page.kind === 'archive' ? (
          <ArchivePage
            data={content.data}
            of={address.page.of}
            view={address.page}
            query={query}
            categories={categories}
            page={page}
          />
        ) : content.kind === 'event' ? (
          <EventPage
            event={content.data.event}
            next={content.data.next}
            locked={content.data.locked}
            page={page}
          />
        ) : content.kind === 'place' &&
          (address.page.kind === 'venue' || address.page.kind === 'organizer') ? (
          <PlacePage
            kind={address.page.kind}
            record={content.data.record}
            upcoming={content.data.upcoming}
            page={page}
          />
        ) : null}
      </div>
    )
  }

  async function generateMetadata(props: RouteProps): Promise<Metadata> {
    const { address, page, query, content } = await loaded(props)
    const absolute = (locale: string) =>
      `${page.serverURL}${pathOfPage(address.page, locale, page.book)}`
    const languages = Object.fromEntries([
      ...page.book.locales.map((locale) => [pageLanguage(locale).tag, absolute(locale)]),
      ['x-default', absolute(page.book.defaultLocale)],
    ])
    const base: Metadata = {
      alternates: {
        canonical: absolute(address.locale),
        languages,
        types: { 'text/calendar': `${page.namespaceURL}/events?ical=1` },
      },
    }
    if (content.kind === 'event') {
      const { event } = content.data
      const title = htmlToText(event.title)
      const description = htmlToText(event.excerpt || event.description).slice(0, 300)
      return {
        ...base,
        title,
        description,
        alternates: { ...base.alternates, types: { 'text/calendar': icsLink(event, page) } },
        openGraph: {
          title,
          description,
          url: absolute(address.locale),
          type: 'website',
          locale: page.tag.replace(/-/g, '_'),
          images: event.image ? [{ url: event.image.url }] : undefined,
        },
      }
    }
    if (content.kind === 'place') {
      const record = content.data.record as { venue?: string; organizer?: string; excerpt?: string }
      const title = htmlToText(record.venue ?? record.organizer ?? '')
      return {
        ...base,
        title,
        description: htmlToText(record.excerpt ?? ''),
        openGraph: { title, url: absolute(address.locale) },
      }
    }
    if (address.page.kind !== 'archive') return base
    const title = archiveTitle(content.data, address.page.of, page, query)
    return { ...base, title, openGraph: { title, url: absolute(address.locale) } }
  }

  return { CalendarPage, generateMetadata }
}

/** A filter naming no category or tag the visitor can see is a page that does not exist. */
function notFoundOnBadFilter(error: unknown): null {
  if (error instanceof InvalidFilter) return null
  throw error
}
