import type { AddressInfo } from 'node:net'

import http from 'node:http'

export type Balancer = { url: string; stop: () => Promise<void> }

/**
 * A round-robin HTTP load balancer on a loopback port, as a site runs in front of its instances: each request goes
 * to the next backend; a backend that refuses the connection is skipped for that request. A request already sent
 * to a backend that then dies is not sent again (it may have been carried out), and is answered 502.
 */
export async function startBalancer(backends: string[]): Promise<Balancer> {
  const agent = new http.Agent({ keepAlive: true })
  let next = 0
  const server = http.createServer(async (req, res) => {
    const body: Buffer[] = []
    for await (const chunk of req) body.push(chunk as Buffer)
    const send = (tried: number) => {
      const backend = new URL(backends[next++ % backends.length])
      const upstream = http.request(
        {
          agent,
          host: backend.hostname,
          port: backend.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      upstream.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED' && tried + 1 < backends.length) send(tried + 1)
        else if (!res.headersSent) res.writeHead(502).end()
        else res.destroy()
      })
      upstream.end(Buffer.concat(body))
    }
    send(0)
  })
  server.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      agent.destroy()
    },
  }
}
