import type { IncomingMessage, ServerResponse } from 'node:http'

import { Readable } from 'node:stream'

/** A Node request as a Web `Request`; the body is streamed, so no body parser may run before this. */
export function toWebRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item))
    else if (value !== undefined) headers.set(name, value)
  }
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
}

export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status
  const cookies = response.headers.getSetCookie()
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value)
  })
  if (cookies.length) res.setHeader('set-cookie', cookies)
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined)
}
