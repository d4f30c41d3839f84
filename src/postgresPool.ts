import pg from 'pg'

type Release = (error?: Error | boolean) => void

/**
 * A checked-out client is given back to the pool as soon as its connection ends, and later releases are ignored:
 * Drizzle never releases the client when a transaction's `BEGIN` fails, and Payload keeps one client for
 * reconnects, so a lost connection would otherwise hold its pool slot for good.
 */
function releaseWhenLost(client: pg.PoolClient): pg.PoolClient {
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
 * A pool that outlives lost connections. pg emits `error` on a client whose connection breaks and on the pool
 * for an idle one; without a listener Node ends the process. The query in flight fails by itself and the pool
 * drops the broken client, so the listeners only keep the process up.
 */
class Pool extends pg.Pool {
  constructor(config?: pg.PoolConfig) {
    super(config)
    this.on('error', (error) => console.warn(`postgres: an idle connection was lost (${error.message})`))
    this.on('connect', (client) => client.on('error', () => {}))
  }

  // @ts-expect-error pg types connect() as overloads; this keeps both and guards the promise form
  connect(callback?: Parameters<pg.Pool['connect']>[0]) {
    if (callback) return super.connect(callback)
    return super.connect().then(releaseWhenLost)
  }
}

/** The pg module the Postgres adapter builds its pool from. */
export const resilientPg = { ...pg, Pool } as typeof pg
