import type { IncomingMessage, ServerResponse } from 'node:http'

/** The absolute URL of a request to this server. */
export const urlOf = (req: IncomingMessage): string =>
  new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`).href

/**
 * The body of a Node request as a Web stream that reads only when it is read. Node discards a body nobody read once
 * the answer is sent, so the connection stays usable; `Readable.toWeb` starts reading at once, so an answer given
 * before the body was read (401, 414) left the rest of a large body in the connection and reset the client's next
 * request on it.
 */
function lazyBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Buffer> | undefined
  return new ReadableStream(
    {
      async pull(controller) {
        chunks ??= req.iterator({ destroyOnReturn: false })
        const { done, value } = await chunks.next()
        if (done) controller.close()
        else controller.enqueue(value)
      },
      // A reader that stops early (a body over the size limit): the rest is discarded as it arrives, as Node does.
      async cancel() {
        await chunks?.return?.()
        req.resume()
      },
    },
    { highWaterMark: 0 },
  )
}

/** A Node request as a Web `Request`; the body is streamed, so no body parser may run before this. */
export function toWebRequest(req: IncomingMessage): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item))
    else if (value !== undefined) headers.set(name, value)
  }
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(urlOf(req), {
    method,
    headers,
    body: hasBody ? lazyBody(req) : undefined,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
}

/** A response read to the end, as it is sent. */
export type ResponseSnapshot = {
  status: number
  headers: Record<string, string[] | string>
  body: Buffer
}

export async function snapshotResponse(response: Response): Promise<ResponseSnapshot> {
  const headers: Record<string, string[] | string> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers['set-cookie'] = cookies
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) }
}

export function sendSnapshot(
  res: ServerResponse,
  { body, headers, status }: ResponseSnapshot,
): void {
  res.writeHead(
    status,
    body.byteLength ? { ...headers, 'content-length': String(body.byteLength) } : headers,
  )
  res.end(body.byteLength ? body : undefined)
}
