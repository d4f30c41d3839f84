import type { Payload } from 'payload'

import fc from 'fast-check'

import { NAMESPACE } from '../../src/core/constants.js'
import { type Caller, type FuzzCase } from './requests.js'

export type FuzzContext = {
  /** The server's origin, e.g. `http://127.0.0.1:4000`. */
  url: string
  payload: Payload
  /** Collections a rejected write must leave as they were. */
  collections: string[]
  tokens: Record<Caller, string | undefined>
}

type Answer = { status: number; headers: Headers; text: string }

async function send(ctx: FuzzContext, request: FuzzCase): Promise<Answer> {
  const headers: Record<string, string> = {}
  const token = ctx.tokens[request.caller]
  if (token) headers.authorization = `JWT ${token}`
  if (request.body?.contentType) headers['content-type'] = request.body.contentType
  const response = await fetch(
    `${ctx.url}/api/${NAMESPACE}${request.path}${request.query ? `?${request.query}` : ''}`,
    {
      method: request.method,
      headers,
      body:
        request.body &&
        (request.body.latin1 ? Buffer.from(request.body.text, 'latin1') : request.body.text),
    },
  )
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** Fields that hold HTML (sanitised rich text, paragraphs of escaped text); every other string is plain text. */
const HTML_FIELDS = new Set(['description', 'excerpt'])
/** The original echoes the query into these URLs un-encoded, as a URL, not as text for a page. */
const ECHO_FIELDS = /rest_url$/

/** Plain text with markup in it, or HTML with scripts, event handlers or `javascript:` URLs. */
function unsafeOutput(value: unknown, key = ''): string[] {
  if (typeof value === 'string') {
    if (HTML_FIELDS.has(key)) {
      return /<script|<[^>]*\s(on\w+\s*=|href\s*=\s*["']?\s*javascript:)/i.test(value)
        ? [`unsafe HTML in ${key}: ${value.slice(0, 200)}`]
        : []
    }
    return !ECHO_FIELDS.test(key) && /[<>"]/.test(value)
      ? [`unescaped text in ${key}: ${value.slice(0, 200)}`]
      : []
  }
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([name, item]) =>
      unsafeOutput(item, Array.isArray(value) ? key : name),
    )
  return []
}

/**
 * What is wrong with an answer by docs/api.md: a 5xx, a body that is not JSON, an error not in the error shape
 * (`{ code, message, data: { status } }`, docs/api.md#get-events999999), missing security headers, a banner, markup
 * in plain text.
 */
export function answerProblems({ status, headers, text }: Answer): string[] {
  const problems: string[] = []
  if (status >= 500) problems.push(`status ${status}`)
  const calendar = status === 200 && /^text\/calendar\b/.test(headers.get('content-type') ?? '')
  if (!calendar && !/^application\/json\b/.test(headers.get('content-type') ?? ''))
    problems.push(`content-type ${headers.get('content-type')}`)
  if (
    headers.get('x-content-type-options') !== 'nosniff' ||
    !headers.get('content-security-policy')
  )
    problems.push('security headers missing')
  if (headers.has('x-powered-by')) problems.push(`x-powered-by ${headers.get('x-powered-by')}`)
  if (calendar) problems.push(...calendarProblems(text))
  else problems.push(...jsonProblems(status, text))
  return problems.length ? [...problems, `answer: ${status} ${text.slice(0, 300)}`] : []
}

/**
 * An iCalendar answer (`ical` or `Accept: text/calendar` on the events routes): one calendar, CRLF lines of at most
 * 75 octets.
 */
function calendarProblems(text: string): string[] {
  if (!text.startsWith('BEGIN:VCALENDAR\r\n') || !text.endsWith('END:VCALENDAR\r\n'))
    return ['not one iCalendar object']
  const long = text
    .slice(0, -2)
    .split('\r\n')
    .find((line) => Buffer.byteLength(line) > 75 || /[\r\n]/.test(line))
  return long === undefined ? [] : [`iCalendar line not folded: ${long.slice(0, 100)}`]
}

function jsonProblems(status: number, text: string): string[] {
  const problems: string[] = []
  let body: any
  try {
    body = JSON.parse(text)
  } catch {
    problems.push('body is not JSON')
  }
  if (status < 400 && body !== undefined) problems.push(...unsafeOutput(body))
  if (status >= 400 && body !== undefined) {
    const shaped =
      typeof body?.code === 'string' &&
      body.code !== '' &&
      typeof body.message === 'string' &&
      typeof body.data === 'object' &&
      body.data?.status === status
    if (!shaped)
      problems.push('error body is not {code, message, data: {status}} with the response status')
  }
  return problems
}

/** Every record of the watched collections, in every locale, trashed ones included. */
async function snapshot(ctx: FuzzContext): Promise<Record<string, string>> {
  const state: Record<string, string> = {}
  for (const collection of ctx.collections) {
    const { docs } = await ctx.payload.find({
      collection: collection as 'events',
      depth: 0,
      locale: 'all',
      pagination: false,
      showHiddenFields: true,
      sort: 'id',
      trash: true,
    })
    state[collection] = JSON.stringify(docs)
  }
  return state
}

/** The problems of one request (and its status); a write that was refused must have changed nothing. */
export async function check(
  ctx: FuzzContext,
  request: FuzzCase,
): Promise<{ status: number; problems: string[] }> {
  const write = !['GET', 'OPTIONS'].includes(request.method)
  const before = write ? await snapshot(ctx) : undefined
  let answer: Answer
  try {
    answer = await send(ctx, request)
  } catch (error) {
    // No answer at all: the connection was dropped or the server stopped answering.
    const cause =
      error instanceof Error
        ? ((error.cause as Error | undefined)?.message ?? error.message)
        : String(error)
    return { status: 0, problems: [`no answer: ${cause}`] }
  }
  const problems = answerProblems(answer)
  if (before && answer.status >= 400) {
    const after = await snapshot(ctx)
    const changed = ctx.collections.filter((collection) => before[collection] !== after[collection])
    if (changed.length)
      problems.push(`refused write (${answer.status}) changed ${changed.join(', ')}`)
  }
  return { status: answer.status, problems }
}

const clip = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length)}…(${text.length} chars)` : text

export const describeCase = (request: FuzzCase) =>
  `${request.method} ${clip(`/api/${NAMESPACE}${request.path}${request.query ? `?${request.query}` : ''}`, 400)} as ${request.caller}` +
  (request.body
    ? `\n  ${request.body.contentType ?? '(no content-type)'}${request.body.latin1 ? ' (latin1 bytes)' : ''}: ${clip(request.body.text, 400)}`
    : '')

/** A stable seed per target, so that one target's cases do not depend on which others run. */
export function seedFor(base: number, name: string): number {
  let hash = 0x811c9dc5
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193)
  return (hash ^ base) | 0
}

export type FuzzReport = {
  name: string
  /** Requests sent, shrinking included. */
  cases: number
  /** How many answers had each status. */
  statuses: Record<number, number>
  seed: number
  failure?: { path: string; request: string; problems: string }
}

/** Runs `runs` generated requests (and, after a failure, the shrinking) and reports the smallest failing one. */
export async function fuzz(
  ctx: FuzzContext,
  name: string,
  requests: fc.Arbitrary<FuzzCase>,
  settings: { runs: number; seed: number; path?: string },
): Promise<FuzzReport> {
  let cases = 0
  const statuses: Record<number, number> = {}
  const seed = seedFor(settings.seed, name)
  const property = fc.asyncProperty(requests, async (request) => {
    cases += 1
    const { status, problems } = await check(ctx, request)
    statuses[status] = (statuses[status] ?? 0) + 1
    if (problems.length) throw new Error(problems.join('\n'))
  })
  const details = await fc.check(property, { numRuns: settings.runs, seed, path: settings.path })
  const report: FuzzReport = { name, cases, statuses, seed }
  if (details.failed && details.counterexample) {
    report.failure = {
      path: details.counterexamplePath ?? '',
      request: describeCase(details.counterexample[0]),
      problems:
        details.errorInstance instanceof Error
          ? details.errorInstance.message
          : String(details.errorInstance),
    }
  }
  return report
}
