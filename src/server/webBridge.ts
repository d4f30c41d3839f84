import type { IncomingMessage, ServerResponse } from 'node:http'

import { Readable } from 'node:stream'

/**
 * A path whose `%` escapes all decode: a bare `%` becomes `%25` and bytes that are not UTF-8 become U+FFFD.
 * Payload decodes path parameters with `decodeURIComponent`, which throws on anything else.
 */
export function wellFormedPath(url: string): string {
  const [path, query] = splitAtQuery(url)
  try {
    decodeURIComponent(path)
    return url
  } catch {
    const repaired = path.replace(/(?:%[\da-f]{2})+|%/gi, (run) =>
      run === '%' ? '%25' : encodeURIComponent(Buffer.from(run.replace(/%/g, ''), 'hex').toString('utf8')),
    )
    return repaired + query
  }
}

const splitAtQuery = (url: string): [string, string] => {
  const at = url.indexOf('?')
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at)]
}

/**
 * A Node request as a Web `Request`, its path made decodable; the body is streamed, so no body parser may run
 * before this.
 */
export function toWebRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item))
    else if (value !== undefined) headers.set(name, value)
  }
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(new URL(wellFormedPath(req.url ?? '/'), origin), {
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
