import type { SanitizedConfig } from 'payload'

import type { ResolvedCalendarOptions, UrlTemplates } from '../core/options.js'

import { DEFAULT_LOCALE } from '../core/constants.js'

/** The views of an archive: all events, or those of one category or tag. */
export type ArchiveView =
  { view: 'list'; page: number } | { view: 'month'; month?: string } | { view: 'day'; day?: string }

/** Whose events an archive shows. */
export type ArchiveOf =
  { kind: 'all' } | { kind: 'category'; path: string } | { kind: 'tag'; slug: string }

/** A page of the calendar, as its address names it. */
export type SitePage =
  | ({ kind: 'archive'; of: ArchiveOf } & ArchiveView)
  | { kind: 'event'; slug: string; occurrence?: string }
  | { kind: 'venue'; slug: string }
  | { kind: 'organizer'; slug: string }

export type PageAddress = { locale: string; page: SitePage }

/** What addresses are read and written with: the page URL templates and the site's languages. */
export type AddressBook = {
  urls: UrlTemplates
  locales: readonly string[]
  defaultLocale: string
  /** What an archive's bare address (`/events/`) shows: the list, or this month. */
  defaultView: 'list' | 'month'
}

/** A site's address book: the plugin's templates and view, and the languages of its Payload config. */
export const addressBookOf = (
  options: Pick<ResolvedCalendarOptions, 'pages' | 'urls'>,
  { localization }: Pick<SanitizedConfig, 'localization'>,
): AddressBook => ({
  urls: options.urls,
  locales: localization ? localization.localeCodes : [],
  defaultLocale: localization ? localization.defaultLocale : DEFAULT_LOCALE,
  defaultView: options.pages.defaultView,
})

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/** A template's path: `{serverURL}/event/{slug}/` is `/event/{slug}`, without the trailing slash. */
const pathOf = (template: string) =>
  template.replace(/^\{serverURL\}/, '').replace(/\/+$/, '') || '/'

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&')

/** A template's path as a pattern: each placeholder a named group, the rest literal. */
function patternOf(template: string): string {
  return pathOf(template)
    .split(/(\{\w+\})/)
    .map((part) =>
      part === '{slug}'
        ? '(?<slug>[^/]+)'
        : part === '{path}'
          ? '(?<path>[^?#]+?)'
          : part === '{id}'
            ? '(?<id>\\d+)'
            : escape(part),
    )
    .join('')
}

/** The view an archive's address names after its base: ``, `list/`, `list/page/2/`, `month/2027-03/`, … */
function archiveView(rest: string | undefined, defaultView: 'list' | 'month'): ArchiveView | null {
  const parts = (rest ?? '').split('/').filter(Boolean)
  const [first, second, third] = parts
  if (!first) return defaultView === 'month' ? { view: 'month' } : { view: 'list', page: 1 }
  if (first === 'page' && parts.length === 2 && /^[1-9]\d*$/.test(second!))
    return { view: 'list', page: Number(second) }
  if (first === 'list') {
    if (parts.length === 1) return { view: 'list', page: 1 }
    if (second === 'page' && parts.length === 3 && /^[1-9]\d*$/.test(third!))
      return { view: 'list', page: Number(third) }
    return null
  }
  if (first === 'month' && parts.length <= 2) {
    if (!second) return { view: 'month' }
    return MONTH.test(second) ? { view: 'month', month: second } : null
  }
  if (first === 'today' && parts.length === 1) return { view: 'day' }
  if (parts.length === 1 && DAY.test(first)) return { view: 'day', day: first }
  return null
}

const VIEW_SUFFIX = '(?:/(?<view>(?:list|month|today|page|\\d{4}-\\d{2}-\\d{2})(?:/[^/]+)*))?'

/**
 * The calendar page an address names (its path, without query), or null for any other address. Addresses are those
 * of the `urls` templates, with the original's archive views after the archive's base (`/events/`), and a language
 * prefix (`/zh-hant/...`) for the site's other languages.
 */
export function pageOfPath(pathname: string, book: AddressBook): PageAddress | null {
  let path = pathname.replace(/\/+$/, '') || '/'
  let locale = book.defaultLocale
  const prefixed = book.locales.find(
    (code) => code !== book.defaultLocale && (path === `/${code}` || path.startsWith(`/${code}/`)),
  )
  if (prefixed) {
    locale = prefixed
    path = path.slice(prefixed.length + 1) || '/'
  }
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return null
  }
  const page = matchPage(decoded, book)
  return page && { locale, page }
}

function matchPage(path: string, { urls, defaultView }: AddressBook): SitePage | null {
  const single = (template: string, extra = '') =>
    new RegExp(`^${patternOf(template)}${extra}$`).exec(path)?.groups
  const event = single(urls.event, '(?:/(?<occurrence>[^/]+))?')
  if (event?.slug) return { kind: 'event', slug: event.slug, occurrence: event.occurrence }
  for (const kind of ['venue', 'organizer'] as const) {
    const found = single(urls[kind])
    if (found?.slug) return { kind, slug: found.slug }
  }
  const archives: [string, (groups: Record<string, string>) => ArchiveOf | null][] = [
    [urls.category, (groups) => (groups.path ? { kind: 'category', path: groups.path } : null)],
    [urls.tag, (groups) => (groups.slug ? { kind: 'tag', slug: groups.slug } : null)],
    [urls.events, () => ({ kind: 'all' })],
  ]
  for (const [template, archiveOf] of archives) {
    const groups = single(template, VIEW_SUFFIX)
    const of = groups && archiveOf(groups)
    const view = groups && archiveView(groups.view, defaultView)
    if (of && view) return { kind: 'archive', of, ...view }
  }
  return null
}

/** A value as one path segment (a category path keeps its slashes). */
const segment = (value: string, keepSlashes = false) =>
  keepSlashes ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value)

const fill = (template: string, values: Record<string, string>) =>
  pathOf(template).replace(/\{(slug|path|id)\}/g, (_, key: string) =>
    segment(values[key] ?? '', key === 'path'),
  )

/** The part of an archive's address after its base. */
function viewPath(view: ArchiveView): string {
  if (view.view === 'month') return view.month ? `month/${view.month}/` : 'month/'
  if (view.view === 'day') return view.day ? `${view.day}/` : 'today/'
  return view.page > 1 ? `list/page/${view.page}/` : 'list/'
}

/**
 * The site path of a calendar page in `locale` (absolute from the site's root, with its trailing slash, as the
 * `url` fields write it); an archive's default view is its bare base.
 */
export function pathOfPage(page: SitePage, locale: string, book: AddressBook): string {
  const prefix = locale === book.defaultLocale ? '' : `/${locale}`
  const base = (() => {
    switch (page.kind) {
      case 'event':
        return `${fill(book.urls.event, { slug: page.slug })}${page.occurrence ? `/${segment(page.occurrence)}` : ''}`
      case 'venue':
      case 'organizer':
        return fill(book.urls[page.kind], { slug: page.slug })
      case 'archive': {
        const of = page.of
        const root =
          of.kind === 'category'
            ? fill(book.urls.category, { path: of.path })
            : of.kind === 'tag'
              ? fill(book.urls.tag, { slug: of.slug })
              : fill(book.urls.events, {})
        const isDefault =
          book.defaultView === 'month'
            ? page.view === 'month' && !page.month
            : page.view === 'list' && page.page === 1
        return `${root.replace(/\/$/, '')}/${isDefault ? '' : viewPath(page)}`
      }
    }
  })()
  return `${prefix}${base.replace(/\/?$/, '/')}`
}
