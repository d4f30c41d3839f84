import type { PayloadRequest } from 'payload'

import { parse } from 'qs-esm'

import type { ResolvedCalendarOptions } from '../core/options.js'

import { RestError } from './errors.js'

type Limits = Pick<ResolvedCalendarOptions, 'maxBodyBytes' | 'maxListItems'>

/** No write takes JSON nested deeper than this; walking a deeper value could exhaust the stack. */
const MAX_JSON_DEPTH = 16

/** Whether `value` nests objects and arrays at most `limit` deep, found without recursion. */
function nestedWithin(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]]
  while (pending.length) {
    const [item, depth] = pending.pop()!
    if (!item || typeof item !== 'object') continue
    if (depth > limit) return false
    for (const child of Object.values(item)) pending.push([child, depth + 1])
  }
  return true
}

/** JSON can escape lone surrogates, which are no text: they become U+FFFD, as bytes that are not UTF-8 do. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const wellFormed = (value: unknown): unknown => {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD')
  if (Array.isArray(value)) return value.map(wellFormed)
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, wellFormed(item)]))
  return value
}

const tooLarge = (limit: number) =>
  new RestError('rest_request_too_large', `The request body must not exceed ${limit} bytes.`, 413)

async function readText(req: PayloadRequest, limit: number): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? 0)
  if (declared > limit) throw tooLarge(limit)
  const reader = req.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      throw tooLarge(limit)
    }
    chunks.push(value)
  }
  return new TextDecoder().decode(Buffer.concat(chunks))
}

/**
 * The parameters of a write: a JSON object, or a form with bracketed arrays and objects (`organizer[0]=..`,
 * `venue[city]=..`). Malformed JSON is a 400, another content type a 415, an oversized body a 413.
 */
export async function readBody(
  req: PayloadRequest,
  limits: Limits,
): Promise<Record<string, unknown>> {
  const text = await readText(req, limits.maxBodyBytes)
  if (!text.trim()) return {}
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (type === 'application/json') {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      throw new RestError('rest_invalid_json', 'Invalid JSON body passed.', 400)
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      throw new RestError('rest_invalid_json', 'The JSON body must be an object.', 400)
    }
    if (!nestedWithin(value, MAX_JSON_DEPTH)) {
      throw new RestError(
        'rest_invalid_json',
        `The JSON body must not nest deeper than ${MAX_JSON_DEPTH} levels.`,
        400,
      )
    }
    return wellFormed(value) as Record<string, unknown>
  }
  if (type === 'application/x-www-form-urlencoded') {
    return parse(text, {
      arrayLimit: limits.maxListItems,
      depth: 3,
      parameterLimit: 1000,
    }) as Record<string, unknown>
  }
  throw new RestError(
    'rest_unsupported_media_type',
    'Send the body as application/json or application/x-www-form-urlencoded.',
    415,
  )
}
