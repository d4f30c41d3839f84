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

/** A response read to the end: what is sent, and what the response cache keeps. */
export type ResponseSnapshot = { status: number; headers: Record<string, string[] | string>; body: Buffer }

export async function snapshotResponse(response: Response): Promise<ResponseSnapshot> {
  const headers: Record<string, string[] | string> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers['set-cookie'] = cookies
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) }
}

export function sendSnapshot(res: ServerResponse, { body, headers, status }: ResponseSnapshot): void {
  res.writeHead(status, body.byteLength ? { ...headers, 'content-length': String(body.byteLength) } : headers)
  res.end(body.byteLength ? body : undefined)
}
