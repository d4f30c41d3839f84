type Release = (error?: Error | boolean) => void
type PoolClient = {
  release: Release
  once: (event: 'end', listener: () => void) => void
  off: (event: 'end', listener: () => void) => void
  on: (event: 'error', listener: () => void) => void
}
type PoolConstructor = new (config?: object) => {
  on(event: string, listener: (arg: never) => void): void
  connect(callback?: unknown): unknown
}
/** The `pg` module the Postgres adapter builds its pools from (its own, or the one the host passed as `pg`). */
export type PgModule = { Pool: PoolConstructor }

/**
 * A checked-out client is given back to the pool as soon as its connection ends, and later releases are ignored:
 * Drizzle never releases the client when a transaction's `BEGIN` fails, and Payload keeps one client for
 * reconnects, so a lost connection would otherwise hold its pool slot for good.
 */
function releaseWhenLost(client: PoolClient): PoolClient {
  const release: Release = client.release.bind(client)
  let released = false
  const releaseOnce: Release = (error) => {
    if (released) return
    released = true
    client.off('end', lost)
    release(error)
  }
  const lost = () => releaseOnce(new Error('Connection terminated'))
  client.once('end', lost)
  client.release = releaseOnce
  return client
}

/**
 * `pg` with a pool that outlives lost connections. pg emits `error` on a client whose connection breaks and on
 * the pool for an idle one; without a listener Node ends the process. The query in flight fails by itself and the
 * pool drops the broken client, so the listeners only keep the process up.
 */
export function resilientPg(pg: PgModule): PgModule {
  class Pool extends pg.Pool {
    constructor(config?: object) {
      super(config)
      this.on('error', (error: Error) =>
        console.warn(`postgres: an idle connection was lost (${error.message})`),
      )
      this.on('connect', (client: PoolClient) => client.on('error', () => {}))
    }

    connect(callback?: unknown) {
      if (callback) return super.connect(callback)
      return (super.connect() as Promise<PoolClient>).then(releaseWhenLost)
    }
  }
  return { ...pg, Pool }
}
