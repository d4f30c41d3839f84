/**
 * `npm start`: the development host on one port, the admin (Next.js) at /admin and the API at /api, served by
 * `WEB_CONCURRENCY` worker processes sharing the port (default: on PostgreSQL one per core in production, else one;
 * a SQLite file takes one writer at a time, and writers of several processes wait for each other's lock).
 * See host/server/serve.ts for the settings of each.
 */
import cluster from 'node:cluster'
import os from 'node:os'

import { serveHost } from '../host/server/serve.js'

process.env.NEXT_TELEMETRY_DISABLED ??= '1'
process.env.DISABLE_PAYLOAD_HMR ??= 'true'

const scales =
  process.env.NODE_ENV === 'production' && /^postgres(ql)?:/.test(process.env.DATABASE_URI ?? '')
const workers = Number(process.env.WEB_CONCURRENCY || (scales ? os.availableParallelism() : 1))

if (workers > 1 && cluster.isPrimary) {
  let stopping = false
  // The first worker brings the database up to date as it starts; the others start once it serves.
  cluster.fork().once('listening', () => {
    for (let index = 1; index < workers; index++) cluster.fork()
  })
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    console.error(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`)
    cluster.fork()
  })
  const stop = () => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM')
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} else {
  await serveHost()
}
