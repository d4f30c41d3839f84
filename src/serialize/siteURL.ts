import type { Payload } from 'payload'

import type { ResolvedCalendarOptions } from '../core/options.js'

/** What the site's address is read from: the host's config and, behind a trusted proxy, two request headers. */
type SiteRequest = {
  payload: Pick<Payload, 'config'>
  headers: Pick<Headers, 'get'>
}

/** The address absolute URLs name when the host configured no `serverURL`: Next.js's and `npm start`'s default. */
export const fallbackServerURL = (): string => `http://localhost:${process.env.PORT || 3000}`

const HOST = /^(?:[a-z\d.-]+|\[[a-f\d:.]+\])(?::\d{1,5})?$/i

const firstValue = (header: null | string) => header?.split(',')[0].trim() || null

/** The public address a trusted proxy reports the request was made to, or null when it reports none usable. */
function forwardedURL(headers: Pick<Headers, 'get'>, base: string): null | string {
  const host = firstValue(headers.get('x-forwarded-host'))
  if (!host || !HOST.test(host)) return null
  const proto = firstValue(headers.get('x-forwarded-proto'))?.toLowerCase()
  const scheme = proto === 'http' || proto === 'https' ? proto : new URL(base).protocol.slice(0, -1)
  return `${scheme}://${host.toLowerCase()}`
}

/**
 * The address every absolute URL of an answer is built from (contract §2.18): the host's `serverURL`, else
 * {@link fallbackServerURL}; never the request's `Host`, which any client sets. Only with `trustProxy` does a
 * proxy's `X-Forwarded-Host` (and `-Proto`) name it.
 */
export function siteURL(
  req: SiteRequest,
  options: Pick<ResolvedCalendarOptions, 'trustProxy'>,
): string {
  const base = req.payload.config.serverURL || fallbackServerURL()
  return (options.trustProxy && forwardedURL(req.headers, base)) || base
}

/** Tells the site owner, as Payload starts, which address the answers name when no `serverURL` is set. */
export function reportSiteURL(
  payload: Payload,
  options: Pick<ResolvedCalendarOptions, 'trustProxy'>,
): void {
  if (payload.config.serverURL) return
  const log = process.env.NODE_ENV === 'production' ? payload.logger.warn : payload.logger.info
  log.call(
    payload.logger,
    `calendar: serverURL is not set, so the absolute URLs in its answers (url, rest_url, Link, Location, ` +
      `global_id) name ${fallbackServerURL()}${options.trustProxy ? ' unless a proxy sends X-Forwarded-Host' : ''}, ` +
      'and without it or `csrf` Payload takes its login cookie from requests any site makes; set serverURL in the ' +
      'Payload config to the public address',
  )
}
