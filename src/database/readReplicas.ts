import { AsyncLocalStorage } from 'node:async_hooks'

import { sharedState } from '../core/sharedState.js'
import { type PgPool, poolOfDrizzle, replicaSet, routeDrizzle } from './adapter.js'

/** What `withReplicas` sends to a replica; everything else (writes, `execute`, transactions) goes to the primary. */
const READS = new Set<PropertyKey>([
  'select',
  'selectDistinct',
  'selectDistinctOn',
  '$count',
  'with',
  '$with',
  'query',
])

/** true: this async context reads from the process's replica; false: from the primary; unset: as Payload decides. */
const readsFromReplica = sharedState('readsFromReplica', () => new AsyncLocalStorage<boolean>())

/** Runs `work` with its reads on this process's read replica (when the adapter has one). */
export const readOnReplica = <T>(work: () => Promise<T>): Promise<T> =>
  readsFromReplica.run(true, work)

/** Runs `work` with its reads on the primary, whatever Payload would pick. */
export const readOnPrimary = <T>(work: () => Promise<T>): Promise<T> =>
  readsFromReplica.run(false, work)

const chosenReplica = sharedState('chosenReplica', () => new WeakMap<object, PgPool | undefined>())

/**
 * Routes the adapter's reads by the async context: the calendar's reads go to the primary or to one replica this
 * process picked at random (several processes spread over several replicas). One replica per process, because a
 * replica applies the primary's changes in order: what a reader saw there (the change stamp of the cache) is never
 * newer than what it reads there next. For the same reason a read on the replica stays there in the seconds after
 * this process wrote, when Payload would read from the primary: one answer never mixes the two. Reads outside the
 * calendar keep Payload's choice.
 */
export function routeReplicaReads(adapter: object): void {
  const set = replicaSet(adapter)
  if (!set) return
  const replica = set.replicas[Math.floor(Math.random() * set.replicas.length)]
  chosenReplica.set(adapter, poolOfDrizzle(replica))
  routeDrizzle(
    adapter,
    (key) => {
      const onReplica = readsFromReplica.getStore()
      if (onReplica === undefined || !READS.has(key)) return undefined
      return onReplica ? replica : set.primary
    },
    () => Boolean(readsFromReplica.getStore()),
  )
}

/** The pool of this process's replica when the current context reads from it, else undefined (the primary's). */
export function replicaPool(adapter: object): PgPool | undefined {
  return readsFromReplica.getStore() ? chosenReplica.get(adapter) : undefined
}
