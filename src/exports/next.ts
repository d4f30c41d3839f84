import { type NextRequest, NextResponse } from 'next/server.js'

import { DEFAULT_LOCALES } from '../core/constants.js'
import { calendarRequestPath, type RequestPathOptions } from '../rest/requestPath.js'

/**
 * A Next.js proxy (exported as `proxy` from `proxy.ts` on Next.js 16, as `middleware` from `middleware.ts` on
 * Next.js 15, where it runs on the Edge runtime, so it uses nothing of Node's) that serves `/{locale}/api/...` as
 * `/api/...?ml_language={locale}`, makes API paths with broken `%` escapes decodable, so the calendar answers
 * them with its own errors, and passes the original's paths (`/wp-json/tribe/events/v1/...`,
 * `/?rest_route=/tribe/events/v1/...`) to the API, which serves them with the `wordpressPaths` option. `locales`
 * default to the plugin's default locales; `apiRoute` to Payload's `/api`.
 */
export function createCalendarProxy({
  apiRoute = '/api',
  locales = DEFAULT_LOCALES,
}: Partial<RequestPathOptions> = {}) {
  return function calendarProxy(request: NextRequest): NextResponse {
    const { pathname, search } = request.nextUrl
    const served = calendarRequestPath(`${pathname}${search}`, { apiRoute, locales })
    return served ? NextResponse.rewrite(new URL(served, request.url)) : NextResponse.next()
  }
}

/**
 * The proxy for the default locales: `export { calendarProxy as proxy } from 'payload-events-calendar/next'` (Next.js
 * 16), `export { calendarProxy as middleware } from 'payload-events-calendar/next'` (Next.js 15).
 */
export const calendarProxy = createCalendarProxy()
