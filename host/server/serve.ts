import type { AddressInfo } from 'node:net'

import nextModule from 'next'
import path from 'node:path'
import { getPayload } from 'payload'

import { createHostServer } from './app.js'

// next is CommonJS: under NodeNext its types describe the namespace, while the default import is the function.
const next = nextModule as unknown as typeof nextModule.default

/**
 * One server of the development host: the admin (Next.js) at /admin and the API at /api on `PORT`. The production
 * build when NODE_ENV=production (after `next build`), else Next's dev mode; `SERVE_ADMIN=false` serves the API
 * alone, without loading Next.js.
 */
export async function serveHost(): Promise<void> {
  const dev = process.env.NODE_ENV !== 'production'
  const port = Number(process.env.PORT || 3000)
  const host = process.env.HOST || '127.0.0.1'
  const serveAdmin = process.env.SERVE_ADMIN !== 'false'

  const { default: config } = await import('../../payload.config.js')
  const sanitized = await config
  const payload = await getPayload({ config: sanitized })

  const admin = serveAdmin
    ? next({ dev, dir: path.resolve(import.meta.dirname, '../..'), hostname: host, port })
    : null
  const handleAdmin = admin?.getRequestHandler()
  const server = createHostServer(
    payload,
    handleAdmin && ((req, res) => handleAdmin(req, res)),
  ).listen(port, host, () => {
    const base = `http://${host === '0.0.0.0' ? 'localhost' : host}:${(server.address() as AddressInfo).port}`
    payload.logger.info(
      `API:   ${base}${sanitized.routes.api}/events  and  ${base}${sanitized.routes.api}/calendar/events/v1`,
    )
    if (admin)
      payload.logger.info(
        `Admin: ${base}/admin${dev ? '  (first page compiles in about a minute in dev mode)' : ''}`,
      )
  })
  // Idle connections outlive the clients' and load balancers' own idle timers (undici 4 s, many balancers 60 s), so
  // the server never closes one just as a client sends its next request on it.
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  void admin?.prepare()

  const stop = () => {
    server.closeAllConnections()
    server.close(() => void payload.destroy().then(() => process.exit(0)))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
