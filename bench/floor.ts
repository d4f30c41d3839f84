/**
 * The floor of the benchmark: a bare node HTTP server, no framework, that answers every request with the last
 * response it was given. `PUT /` with a JSON `{ status, contentType, body }` (body in base64) sets that response.
 * No server can answer the same bytes over the same loopback much faster than this.
 */
import http from 'node:http'

let response = { status: 200, contentType: 'text/plain', body: Buffer.from('floor') }

http
  .createServer((req, res) => {
    if (req.method === 'PUT') {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const next = JSON.parse(Buffer.concat(chunks).toString()) as {
          status: number
          contentType: string
          body: string
        }
        response = { ...next, body: Buffer.from(next.body, 'base64') }
        res.end()
      })
      return
    }
    res.writeHead(response.status, {
      'content-type': response.contentType,
      'content-length': response.body.length,
    })
    res.end(response.body)
  })
  .listen(Number(process.env.PORT), process.env.HOST)

process.on('SIGTERM', () => process.exit(0))
