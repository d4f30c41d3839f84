import { type NextRequest, NextResponse } from 'next/server.js'

import type { UrlTemplates } from '../core/options.js'

import {
  DEFAULT_LOCALE,
  DEFAULT_LOCALES,
  DEFAULT_PAGES,
  DEFAULT_URL_TEMPLATES,
} from '../core/constants.js'
import { calendarRequestPath, type RequestPathOptions } from '../rest/requestPath.js'

/** What a site's proxy needs to know of its calendar when it configured the plugin otherwise than by default. */
export type CalendarProxyOptions = {
  /** Payload's API route. @default '/api' */
  apiRoute?: string
  /** The site's content locales, as given to the plugin or in Payload's `localization`. */
  locales?: readonly string[]
  /** The locale whose pages have no language prefix. @default 'en' */
  defaultLocale?: string
  /** The plugin's `urls` option, where the site changed it. */
  urls?: Partial<UrlTemplates>
  /** The plugin's `pages` option (`defaultView`, `route`), where the site changed it. */
  pages?: { defaultView?: 'list' | 'month'; route?: string }
}

/**
 * A Next.js proxy (exported as `proxy` from `proxy.ts` on Next.js 16, as `middleware` from `middleware.ts` on
 * Next.js 15, where it runs on the Edge runtime, so it uses nothing of Node's) that serves `/{locale}/api/...` as
 * `/api/...?ml_language={locale}`, makes API paths with broken `%` escapes decodable, so the calendar answers
 * them with its own errors, passes the original's paths (`/wp-json/tribe/events/v1/...`,
 * `/?rest_route=/tribe/events/v1/...`) to the API, which serves them with the `wordpressPaths` option, and serves
 * the calendar's page addresses (`/events/`, `/event/{slug}/`, `/zh-hant/venue/{slug}/`, ...) from the site's
 * calendar page file. Its options are the plugin's where the site changed them.
 */
export function createCalendarProxy({
  apiRoute = '/api',
  locales = DEFAULT_LOCALES,
  defaultLocale = DEFAULT_LOCALE,
  urls,
  pages,
}: CalendarProxyOptions = {}) {
  const paths: RequestPathOptions = {
    apiRoute,
    locales,
    pages: {
      book: {
        urls: { ...DEFAULT_URL_TEMPLATES, ...urls },
        locales,
        defaultLocale,
        defaultView: pages?.defaultView ?? DEFAULT_PAGES.defaultView,
      },
      route: pages?.route ?? DEFAULT_PAGES.route,
    },
  }
  return function calendarProxy(request: NextRequest): NextResponse {
    const { pathname, search } = request.nextUrl
    const served = calendarRequestPath(`${pathname}${search}`, paths)
    return served ? NextResponse.rewrite(new URL(served, request.url)) : NextResponse.next()
  }
}

/**
 * The proxy for the default locales: `export { calendarProxy as proxy } from 'payload-events-calendar/next'` (Next.js
 * 16), `export { calendarProxy as middleware } from 'payload-events-calendar/next'` (Next.js 15).
 */
export const calendarProxy = createCalendarProxy()
