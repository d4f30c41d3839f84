import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Payload } from 'payload'

import type { ResolvedCalendarOptions } from '../types.js'

import { readChangeStamp } from '../cache/changeStamp.js'
import { etagMatches } from '../cache/etag.js'
import { latestOf } from '../cache/latest.js'
import { ResponseStore } from '../cache/responseStore.js'
import { NAMESPACE } from '../defaults.js'
import { type ResponseSnapshot, sendSnapshot } from './webBridge.js'

type CacheSettings = Exclude<ResolvedCalendarOptions['cache'], false>

/**
 * The plugin's cache settings, or null: when caching is off, and when the host authenticates with strategies of
 * its own, whose credentials this server cannot recognise before Payload runs them.
 */
function settingsOf(payload: Payload): CacheSettings | null {
  const settings = (payload.config.custom?.eventsCalendar as { cache?: ResolvedCalendarOptions['cache'] } | undefined)?.cache
  const customAuth = payload.config.collections.some((collection) => collection.auth?.strategies?.length)
  return settings && !customAuth ? settings : null
}

export type ResponseCache = {
  /** Answers a request from memory when it can; otherwise notes what to keep once its response is known. */
  serve: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>
  keep: (req: IncomingMessage, response: ResponseSnapshot) => void
}

/**
 * Anonymous GETs of the namespace answered before Payload builds a request. Only responses the namespace marked
 * `public` (to a caller without a user: published records only) are kept, each under the calendar's change stamp
 * read before it was computed, and each request checks the stamp as it is now, so a write in any server process
 * sharing the database retires every response computed before it.
 */
export function responseCache(payload: Payload): ResponseCache | null {
  const settings = settingsOf(payload)
  if (!settings) return null
  const { config } = payload
  const store = new ResponseStore(settings.maxBytes)
  const currentStamp = latestOf(() => readChangeStamp(payload))
  const prefixes = config.localization ? config.localization.localeCodes.map((code) => `/${code}`) : []
  const namespaces = ['', ...prefixes].map((prefix) => `${prefix}${config.routes.api}/${NAMESPACE}`)
  const tokenCookie = `${config.cookiePrefix}-token=`
  const pending = new WeakMap<IncomingMessage, { key: string; stamp: string }>()

  const keyOf = (req: IncomingMessage): string | null => {
    const url = req.url ?? ''
    if (req.method !== 'GET' || req.headers.authorization || req.headers.cookie?.includes(tokenCookie)) return null
    const [path, query = ''] = url.split('?', 2)
    if (!namespaces.some((namespace) => path === namespace || path.startsWith(`${namespace}/`))) return null
    // A password unlocks one event for whoever knows it: such responses are computed every time.
    if ([...new URLSearchParams(query).keys()].some((name) => name.startsWith('password'))) return null
    return `${req.headers.host ?? ''}\n${req.headers.origin ?? ''}\n${url}`
  }

  return {
    serve: async (req, res) => {
      const key = keyOf(req)
      if (!key) return false
      // Unreadable stamp (the database is down): the request takes the ordinary path, which reports it.
      const stamp = await currentStamp().catch(() => null)
      if (stamp === null) return false
      const hit = store.get(key, stamp)
      if (!hit) {
        pending.set(req, { key, stamp })
        return false
      }
      const etag = hit.headers.etag as string
      if (etagMatches(req.headers['if-none-match'], etag)) sendSnapshot(res, { ...hit, status: 304, body: Buffer.alloc(0) })
      else sendSnapshot(res, hit)
      return true
    },
    keep: (req, response) => {
      const wanted = pending.get(req)
      const cacheControl = String(response.headers['cache-control'] ?? '')
      if (!wanted || response.status !== 200 || !cacheControl.startsWith('public') || response.headers['set-cookie']) return
      store.set(wanted.key, wanted.stamp, Date.now() + settings.maxAgeSeconds * 1000, response)
    },
  }
}
