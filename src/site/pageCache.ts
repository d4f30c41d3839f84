import type { Payload } from 'payload'

import { latestOf } from '../core/latest.js'
import { pluginOptionsOf } from '../core/options.js'
import { StampedStore } from '../core/stampedStore.js'
import { readChangeStamp } from '../database/changeStamp.js'
import { readOnReplica } from '../database/readReplicas.js'

type PageCache = { store: StampedStore<unknown>; stamp: () => Promise<string>; maxAgeMs: number }

const caches = new WeakMap<Payload, PageCache | null>()

function cacheOf(payload: Payload): PageCache | null {
  let cache = caches.get(payload)
  if (cache === undefined) {
    const settings = pluginOptionsOf(payload.config)?.cache
    cache = settings
      ? {
          store: new StampedStore<unknown>(
            settings.maxBytes,
            (value) => JSON.stringify(value).length,
          ),
          // Read where the pages read: on a replica, never newer than what they show.
          stamp: latestOf(() => readOnReplica(() => readChangeStamp(payload))),
          maxAgeMs: settings.maxAgeSeconds * 1000,
        }
      : null
    caches.set(payload, cache)
  }
  return cache
}

/**
 * What an anonymous visitor's page shows, kept in memory under the calendar's change stamp as the namespace's
 * answers are (`rest/cache/responseCache.ts`): read once, then served until any server instance sharing the database
 * writes to the calendar or `cache.maxAgeSeconds` pass. `compute` runs when there is nothing current to serve.
 */
export async function keptForVisitors<T>(
  payload: Payload,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  const cache = cacheOf(payload)
  // Unreadable stamp (the database is down): the page is computed, which reports it.
  const stamp = cache && (await cache.stamp().catch(() => null))
  if (!cache || stamp === null) return compute()
  const kept = cache.store.get(key, stamp)
  if (kept !== undefined) return kept as T
  const value = await compute()
  if (value !== null) cache.store.set(key, stamp, Date.now() + cache.maxAgeMs, value)
  return value
}
