import type { SanitizedConfig } from 'payload'

import { WORDPRESS_NAMESPACE } from '../core/constants.js'
import { pluginOptionsOf } from '../core/options.js'
import { type AddressBook, addressBookOf, pageOfPath } from '../site/addresses.js'

/** The parameter a language prefix becomes; one given in the query wins over the prefix. */
const LANGUAGE_PARAM = 'ml_language'

/** The original's namespace as `?rest_route=` names it on the site's root. */
const WORDPRESS_ROUTE = '/tribe/events/v1'
const REST_ROUTE_PARAM = 'rest_route'

const splitAtQuery = (url: string): [string, string] => {
  const at = url.indexOf('?')
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at + 1)]
}

const bytesOf = (run: string) =>
  new Uint8Array(
    run
      .slice(1)
      .split('%')
      .map((hex) => parseInt(hex, 16)),
  )

/**
 * A path whose `%` escapes all decode: a bare `%` becomes `%25` and bytes that are not UTF-8 become U+FFFD.
 * Payload and Next decode path segments with `decodeURIComponent`, which throws on anything else.
 */
function wellFormedPath(path: string): string {
  try {
    decodeURIComponent(path)
    return path
  } catch {
    return path.replace(/(?:%[\da-f]{2})+|%/gi, (run) =>
      run === '%' ? '%25' : encodeURIComponent(new TextDecoder().decode(bytesOf(run))),
    )
  }
}

/**
 * `/{locale}/api/...` as `/api/...?ml_language={locale}`, the way the original's multilingual sites serve a
 * language under its prefix, or null for a path without such a prefix. A request naming `ml_language` keeps it.
 * The language travels in the URL, never in a header, so caches keep each language under its own URL.
 */
function withoutLanguagePrefix(
  path: string,
  query: string,
  locales: readonly string[],
  apiRoute: string,
): string | null {
  const locale = locales.find(
    (code) => path === `/${code}${apiRoute}` || path.startsWith(`/${code}${apiRoute}/`),
  )
  if (!locale) return null
  const rest = path.slice(locale.length + 1)
  if (new URLSearchParams(query).has(LANGUAGE_PARAM)) return `${rest}?${query}`
  return `${rest}?${query ? `${query}&` : ''}${LANGUAGE_PARAM}=${encodeURIComponent(locale)}`
}

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)

/**
 * The original's paths, `/wp-json/tribe/events/v1/...` and `/?rest_route=/tribe/events/v1/...`, as the API path
 * where the plugin serves them when its `wordpressPaths` option is on, or null for any other path.
 */
function fromWordPressPath(path: string, query: string, apiRoute: string): string | null {
  const original = `/${WORDPRESS_NAMESPACE}`
  let [rest, kept] = [path.slice(original.length), query]
  if (!isUnder(path, original)) {
    if (path !== '/' && path !== '/index.php') return null
    const route = new URLSearchParams(query).get(REST_ROUTE_PARAM)
    if (!route || !isUnder(route, WORDPRESS_ROUTE)) return null
    rest = route.slice(WORDPRESS_ROUTE.length).split('/').map(encodeURIComponent).join('/')
    kept = query
      .split('&')
      .filter((pair) => pair && pair.split('=')[0] !== REST_ROUTE_PARAM)
      .join('&')
  }
  return `${apiRoute}${original}${rest}${kept ? `?${kept}` : ''}`
}

export type RequestPathOptions = {
  /** The content locales a path may be prefixed with. */
  locales: readonly string[]
  /** Payload's API route (`routes.api`). */
  apiRoute: string
  /**
   * The calendar's pages: their addresses, and the route of the site's page file that serves them (the plugin's
   * `urls` and `pages.route` options, the site's default locale). Without it, no page address is rewritten.
   */
  pages?: { book: AddressBook; route: string }
}

/**
 * A calendar page's address (`/event/jazz-night/`, `/zh-hant/events/month/2027-03/`) as the site's calendar page
 * route with the address after it (`/calendar-pages/event/jazz-night`), or null for any other address. The trailing
 * slash goes, so that Next.js serves the route without redirecting to the route's own address.
 */
function toCalendarPage(path: string, query: string, pages: RequestPathOptions['pages']) {
  if (!pages || !pageOfPath(path, pages.book)) return null
  const inside = path.replace(/\/+$/, '')
  return `${pages.route}${inside}${query ? `?${query}` : ''}`
}

/**
 * The path and query a request to `url` (path and query, as sent) is to be served as, or null when it is served as
 * sent: the original's paths move under the API route, an API path with a language prefix loses it to
 * `ml_language`, an API path whose `%` escapes do not decode has them made decodable, so that the namespace
 * answers it with its own errors, and a calendar page's address goes to the site's calendar page route.
 */
export function calendarRequestPath(
  url: string,
  { apiRoute, locales, pages }: RequestPathOptions,
): string | null {
  const [path, query] = splitAtQuery(url)
  const prefixed =
    fromWordPressPath(path, query, apiRoute) ??
    withoutLanguagePrefix(path, query, locales, apiRoute)
  const [apiPath, apiQuery] = prefixed ? splitAtQuery(prefixed) : [path, query]
  if (apiPath !== apiRoute && !apiPath.startsWith(`${apiRoute}/`))
    return toCalendarPage(path, query, pages)
  const repaired = wellFormedPath(apiPath)
  if (!prefixed && repaired === apiPath) return null
  return apiQuery ? `${repaired}?${apiQuery}` : repaired
}

/** The options of `calendarRequestPath` for a Payload config with the plugin: its API route, locales and pages. */
export function requestPathOptionsOf(config: SanitizedConfig): RequestPathOptions {
  const locales = config.localization ? config.localization.localeCodes : []
  const options = pluginOptionsOf(config)
  return {
    apiRoute: config.routes.api,
    locales,
    pages: options && { book: addressBookOf(options, config), route: options.pages.route },
  }
}
