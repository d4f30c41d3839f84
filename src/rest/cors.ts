import type { PayloadRequest, SanitizedConfig } from 'payload'

import type { ResolvedCalendarOptions } from '../core/options.js'

import { siteURL } from '../serialize/siteURL.js'

type CorsConfig = Pick<SanitizedConfig, 'cookiePrefix' | 'cors' | 'csrf'>

/** The origins the host trusts with its users' cookies: Payload's `cors` list (unless `*`) and its `csrf` list. */
function isListed(config: CorsConfig, origin: string): boolean {
  const { cors, csrf } = config
  const origins = Array.isArray(cors)
    ? cors
    : typeof cors === 'object' && Array.isArray(cors.origins)
      ? cors.origins
      : []
  return origins.includes(origin) || csrf.includes(origin)
}

/**
 * The CORS headers of an answer to a request from `origin` (contract §2.19): any site may read the public
 * calendar (`*`, which browsers never combine with cookies); only an origin the host lists is echoed with
 * credentials. Every answer already carries `Vary: Origin`.
 */
export function corsHeaders(
  config: CorsConfig,
  origin: null | string | undefined,
): Record<string, string> {
  if (!origin) return {}
  if (!isListed(config, origin)) return { 'access-control-allow-origin': '*' }
  return { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' }
}

/** A CORS preflight: `OPTIONS` asking whether a request may be made, as opposed to asking what a route takes. */
export const isPreflight = (req: Pick<PayloadRequest, 'headers' | 'method'>): boolean =>
  req.method === 'OPTIONS' && req.headers.has('access-control-request-method')

/** The headers a preflight may name: ours, and those the host lets Payload's own API take. */
export function allowedRequestHeaders(config: CorsConfig): string {
  const { cors } = config
  const extra =
    typeof cors === 'object' && !Array.isArray(cors) && Array.isArray(cors.headers)
      ? cors.headers
      : []
  return ['Authorization', 'Content-Disposition', 'Content-MD5', 'Content-Type', ...extra].join(
    ', ',
  )
}

/**
 * Whether the request's login cookie was sent by a page of another site the host does not list: it then counts
 * for nothing. Otherwise a page on any site could make a logged-in editor's browser write to the calendar with a
 * form post, which needs no preflight. Pages of the site itself (its address, or the one the request was made
 * to) keep it.
 */
function isForeignCookieLogin(req: PayloadRequest, options: ResolvedCalendarOptions): boolean {
  const origin = req.headers.get('origin')
  if (!origin || req.headers.has('authorization')) return false
  if (!req.headers.get('cookie')?.includes(`${req.payload.config.cookiePrefix}-token=`))
    return false
  const own = [new URL(siteURL(req, options)).origin, req.url && new URL(req.url).origin]
  return !own.includes(origin) && !isListed(req.payload.config, origin)
}

/** Treats the request as anonymous when its login came in a foreign cookie; true when it did. */
export function dropForeignCookieLogin(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
): boolean {
  const foreign = isForeignCookieLogin(req, options)
  if (foreign) req.user = null
  return foreign
}
