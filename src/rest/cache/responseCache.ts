import type { Payload } from 'payload'

import type { ResolvedCalendarOptions } from '../../core/options.js'

import { APPLICATION_PASSWORD_STRATEGY } from '../../auth/basicAuth.js'
import { readOnReplica } from '../../database/readReplicas.js'
import { NAMESPACE, WORDPRESS_NAMESPACE } from '../../core/constants.js'
import { acceptsCalendar, CALENDAR_TYPE } from '../ical/negotiate.js'
import { pluginOptionsOf } from '../../core/options.js'
import { corsHeaders } from '../cors.js'
import { siteURL } from '../../serialize/siteURL.js'
import { readChangeStamp } from '../../database/changeStamp.js'
import { conditional } from './etag.js'
import type { Answer } from '../respond.js'

import { latestOf } from '../../core/latest.js'
import { StampedStore } from '../../core/stampedStore.js'

/** What the cache needs to know of a request, from a Web `Request` or a host's own server alike. */
export type CacheRequest = {
  method: string
  /** The absolute URL the request was made to. */
  url: string
  header: (name: string) => string | null | undefined
}

/** A kept answer, or how to keep the answer computed for this request once it is known. */
export type CacheLookup = { answer: Answer } | { keep: (answer: Answer) => void }

type Settings = Exclude<ResolvedCalendarOptions['cache'], false> &
  Pick<ResolvedCalendarOptions, 'trustProxy'>

/**
 * Answers to anonymous GETs of the namespace, kept in memory. Only answers marked `public` (to a caller without
 * credentials: published records only) are kept, each under the calendar's change stamp read before it was
 * computed, and each request checks the stamp as it is now, so a write through any server instance sharing the
 * database retires every answer computed before it.
 */
export class ResponseCache {
  private readonly store: StampedStore<Answer>
  private readonly currentStamp: () => Promise<string>
  private readonly namespacePaths: string[]
  private readonly tokenCookie: string

  constructor(
    private readonly payload: Payload,
    private readonly settings: Settings,
  ) {
    this.store = new StampedStore<Answer>(settings.maxBytes, (answer) => answer.body.byteLength)
    // Read where the answers it keeps are read (see `readingFrom`): on a replica, never newer than they are.
    this.currentStamp = latestOf(() => readOnReplica(() => readChangeStamp(payload)))
    this.namespacePaths = [NAMESPACE, WORDPRESS_NAMESPACE].map(
      (path) => `${payload.config.routes.api}/${path}`,
    )
    this.tokenCookie = `${payload.config.cookiePrefix}-token=`
  }

  /**
   * The key of a request whose answer may be kept, or null: the site address its URLs name and its path and query.
   * Its origin only changes the CORS headers, which are added to each answer as it is sent.
   */
  private keyOf({ header, method, url }: CacheRequest): string | null {
    if (method !== 'GET' || header('authorization') || header('cookie')?.includes(this.tokenCookie))
      return null
    const { pathname, search, searchParams } = new URL(url)
    if (!this.namespacePaths.some((path) => pathname === path || pathname.startsWith(`${path}/`)))
      return null
    // A password unlocks one event for whoever knows it: such answers are computed every time.
    if ([...searchParams.keys()].some((name) => name.startsWith('password'))) return null
    const site = siteURL(
      { payload: this.payload, headers: { get: (name) => header(name) ?? null } },
      this.settings,
    )
    return `${acceptsCalendar(header('accept')) ? `${CALENDAR_TYPE} ` : ''}${site}${pathname}${search}`
  }

  async lookup(request: CacheRequest): Promise<CacheLookup | null> {
    const key = this.keyOf(request)
    if (!key) return null
    // Unreadable stamp (the database is down): the request takes the ordinary path, which reports it.
    const stamp = await this.currentStamp().catch(() => null)
    if (stamp === null) return null
    const answer = this.store.get(key, stamp)
    if (answer) return { answer }
    return {
      keep: (computed) => {
        if (computed.status !== 200 || !computed.headers['cache-control']?.startsWith('public'))
          return
        this.store.set(key, stamp, Date.now() + this.settings.maxAgeSeconds * 1000, computed)
      },
    }
  }
}

const caches = new WeakMap<Payload, ResponseCache | null>()

/**
 * The response cache of a Payload instance with the calendar plugin, or null: when caching is off, and when the
 * host authenticates with strategies of its own, whose credentials the cache cannot recognise.
 */
export function responseCacheOf(payload: Payload): ResponseCache | null {
  let cache = caches.get(payload)
  if (cache === undefined) {
    const options = pluginOptionsOf(payload.config)
    // The plugin's own strategy reads `Authorization`, which already keeps a request out of the cache.
    const customAuth = payload.config.collections.some((collection) =>
      collection.auth?.strategies?.some(
        (strategy) => strategy.name !== APPLICATION_PASSWORD_STRATEGY,
      ),
    )
    cache =
      options?.cache && !customAuth
        ? new ResponseCache(payload, { ...options.cache, trustProxy: options.trustProxy })
        : null
    caches.set(payload, cache)
  }
  return cache
}

/**
 * For a host's own HTTP server in front of Payload: the kept answer to an anonymous read of the namespace (`304`
 * when the caller holds it) with the CORS headers of the request's origin, or null, and the request goes to Payload.
 */
export async function cachedCalendarAnswer(
  payload: Payload,
  request: CacheRequest,
): Promise<Answer | null> {
  const found = await responseCacheOf(payload)?.lookup(request)
  if (!found || !('answer' in found)) return null
  const answer = conditional(found.answer, request.header('if-none-match'))
  return {
    ...answer,
    headers: { ...answer.headers, ...corsHeaders(payload.config, request.header('origin')) },
  }
}
