import { USER_AGENT } from '../../core/constants.js'

/** An answer of the source; `body` is null when it was not JSON. */
export type SourceAnswer = { status: number; body: unknown; url: string }

export type SourceClientOptions = {
  /** Requests in flight at once. @default 1 */
  concurrency?: number
  /** Attempts per request when the source answers 429 or 5xx or the connection fails. @default 5 */
  attempts?: number
  /** First back-off; it doubles each attempt, and `Retry-After` wins when the source sends one. @default 1000 */
  backoffMs?: number
  /** @default 30000 */
  timeoutMs?: number
}

const IMPORT_USER_AGENT = `${USER_AGENT} (import; read-only)`

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The wait a 429 or 503 asks for, in seconds or as a date; at most a minute. */
function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('retry-after')
  if (!header) return undefined
  const seconds = Number(header)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now()
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), 60_000) : undefined
}

type Attempt = { answer: SourceAnswer } | { failure: string; retry: true; waitMs?: number }

async function attempt(url: string, timeoutMs: number): Promise<Attempt> {
  let response: Response
  let text: string
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': IMPORT_USER_AGENT },
      signal: AbortSignal.timeout(timeoutMs),
    })
    text = await response.text()
  } catch (error) {
    return { failure: (error as Error).message, retry: true }
  }
  if (response.status === 429 || response.status >= 500) {
    return { failure: `answered ${response.status}`, retry: true, waitMs: retryAfterMs(response) }
  }
  let body: unknown = null
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON (a site's own 404 page): the answer's status says enough, and callers check the shape they need.
  }
  return { answer: { status: response.status, body, url } }
}

/**
 * Read-only JSON requests to the site being imported, politely: a fixed number in flight, a `User-Agent` naming
 * the project, and retries with back-off on 429, 5xx and lost connections. Other answers (404 included) are the
 * caller's to judge.
 */
export function sourceClient(options: SourceClientOptions = {}) {
  const { attempts = 5, backoffMs = 1000, concurrency = 1, timeoutMs = 30_000 } = options
  let running = 0
  const waiting: (() => void)[] = []

  return async function getJson(url: string): Promise<SourceAnswer> {
    while (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      for (let tries = 1; ; tries++) {
        const result = await attempt(url, timeoutMs)
        if ('answer' in result) return result.answer
        if (tries >= attempts) throw new Error(`${url} ${result.failure} (${tries} attempts)`)
        await wait(result.waitMs ?? backoffMs * 2 ** (tries - 1))
      }
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}

export type GetJson = ReturnType<typeof sourceClient>
