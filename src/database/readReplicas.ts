import { AsyncLocalStorage } from 'node:async_hooks'

type Queryable = {
  query: (text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
  options: Record<string, unknown>
}
type Drizzle = Record<PropertyKey, unknown> & { $client?: Queryable }

/** Postgres with Payload's `readReplicas`: `drizzle` is Drizzle's `withReplicas` around `primaryDrizzle`. */
export type ReplicatedAdapter = {
  drizzle: Drizzle & { $replicas?: Drizzle[] }
  primaryDrizzle?: Drizzle
  /** When this process last wrote: for a while after it, Payload reads from the primary. */
  lastWriteTimestamp?: number
}

/** What `withReplicas` sends to a replica; everything else (writes, `execute`, transactions) goes to the primary. */
const READS = new Set<PropertyKey>(['select', 'selectDistinct', 'selectDistinctOn', '$count', 'with', '$with', 'query'])

/** true: this async context reads from the process's replica; false: from the primary; unset: as Payload decides. */
const readsFromReplica = new AsyncLocalStorage<boolean>()

/** Runs `work` with its reads on this process's read replica (when the adapter has one). */
export const readOnReplica = <T>(work: () => Promise<T>): Promise<T> => readsFromReplica.run(true, work)

/** Runs `work` with its reads on the primary, whatever Payload would pick. */
export const readOnPrimary = <T>(work: () => Promise<T>): Promise<T> => readsFromReplica.run(false, work)

const chosenReplica = new WeakMap<object, Drizzle>()

/**
 * Routes the adapter's reads by the async context: the calendar's reads go to the primary or to one replica this
 * process picked at random (several processes spread over several replicas). One replica per process, because a
 * replica applies the primary's changes in order: what a reader saw there (the change stamp of the cache) is never
 * newer than what it reads there next. For the same reason a read on the replica stays there in the seconds after
 * this process wrote, when Payload would read from the primary: one answer never mixes the two. Reads outside the
 * calendar keep Payload's choice.
 */
export function routeReplicaReads(adapter: ReplicatedAdapter): void {
  const replicated = adapter.drizzle
  const primary = adapter.primaryDrizzle
  const replicas = replicated.$replicas
  if (!primary || !replicas?.length) return
  const replica = replicas[Math.floor(Math.random() * replicas.length)]
  chosenReplica.set(adapter, replica)
  let lastWrite = adapter.lastWriteTimestamp
  Object.defineProperty(adapter, 'lastWriteTimestamp', {
    configurable: true,
    get: () => (readsFromReplica.getStore() ? undefined : lastWrite),
    set: (value: number | undefined) => (lastWrite = value),
  })
  adapter.drizzle = new Proxy(replicated, {
    get(target, key, receiver) {
      const onReplica = readsFromReplica.getStore()
      if (onReplica === undefined || !READS.has(key)) return Reflect.get(target, key, receiver)
      const db = onReplica ? replica : primary
      const value = db[key]
      return typeof value === 'function' ? value.bind(db) : value
    },
  })
}

/** The pool of this process's replica when the current context reads from it, else undefined (the primary's). */
export function replicaPool(adapter: object): Queryable | undefined {
  return readsFromReplica.getStore() ? chosenReplica.get(adapter)?.$client : undefined
}

/** The pools of the adapter's replicas. */
export function replicaPools(adapter: ReplicatedAdapter): Queryable[] {
  return (adapter.drizzle.$replicas ?? []).map((replica) => replica.$client).filter((pool) => pool !== undefined)
}
