import type { PayloadRequest } from 'payload'

import type { RestError } from './errors.js'

import { conditional, etagOf } from './cache/etag.js'
import { allowedRequestHeaders, corsHeaders } from './cors.js'

/**
 * Every answer of the namespace is JSON data, never a page: it may not be sniffed as another type, framed, run
 * as a document with scripts or styles, or leak the caller's URL onwards.
 */
const BASE_HEADERS = {
  'content-type': 'application/json; charset=UTF-8',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'access-control-expose-headers': 'X-TEC-Total, X-TEC-TotalPages, Link',
  'access-control-allow-headers': 'Authorization, Content-Disposition, Content-MD5, Content-Type',
  vary: 'Origin',
}

/** Responses to authenticated callers must never be stored by a cache, as the original's. */
const PRIVATE_HEADERS = {
  expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
  'cache-control': 'no-cache, must-revalidate, max-age=0, no-store, private',
}

/** A computed answer as the namespace sends it: what the response cache keeps. */
export type Answer = { status: number; headers: Record<string, string>; body: Buffer<ArrayBuffer> }

type AnswerInit = {
  allow?: string[]
  /** For a body that is already text of this type rather than JSON data. */
  contentType?: string
  headers?: Record<string, string>
  status?: number
  /** For an answer anyone may be given: how long shared caches may reuse it; it gets an `ETag` too. */
  publicMaxAge?: number
}

const lowerCased = (headers: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))

export function jsonAnswer(req: PayloadRequest, body: unknown, init: AnswerInit = {}): Answer {
  const headers: Record<string, string> = {
    ...BASE_HEADERS,
    ...(req.user ? PRIVATE_HEADERS : {}),
    ...lowerCased(init.headers),
  }
  if (init.allow) headers.allow = init.allow.join(', ')
  // The rest of an oversized body is never read, so the connection cannot carry another request.
  if (init.status === 413) headers.connection = 'close'
  const text = init.contentType ? String(body) : JSON.stringify(body)
  if (init.contentType) headers['content-type'] = init.contentType
  const status = init.status ?? 200
  if (init.publicMaxAge !== undefined && status === 200 && !req.user) {
    headers.etag = etagOf(text)
    headers['cache-control'] = `public, max-age=0, s-maxage=${init.publicMaxAge}`
    // Anonymous and authenticated callers get different answers at one URL (drafts, private cache headers).
    headers.vary = ['Origin, Authorization', init.headers?.Vary].filter(Boolean).join(', ')
  }
  // As bytes: undici would first scan a string body for unpaired surrogates, which JSON.stringify never leaves.
  return { status, headers, body: Buffer.from(text) }
}

/** An answer as sent to this request: `304` when the caller holds it, with the CORS headers its origin gets. */
export function toResponse(req: PayloadRequest, answer: Answer): Response {
  const { body, headers, status } = conditional(answer, req.headers.get('if-none-match'))
  const cors = corsHeaders(req.payload.config, req.headers.get('origin'))
  return new Response(body.byteLength ? body : null, { status, headers: { ...headers, ...cors } })
}

/** The answer to a CORS preflight: the methods a route takes and the headers a request may carry. */
export function preflightResponse(req: PayloadRequest, methods: readonly string[]): Response {
  const { 'content-type': _, ...headers } = BASE_HEADERS
  return toResponse(req, {
    status: 204,
    headers: {
      ...headers,
      'access-control-allow-methods': [...methods, 'OPTIONS'].join(', '),
      'access-control-allow-headers': allowedRequestHeaders(req.payload.config),
      'access-control-max-age': '600',
    },
    body: Buffer.alloc(0),
  })
}

export const jsonResponse = (req: PayloadRequest, body: unknown, init: AnswerInit = {}): Response =>
  toResponse(req, jsonAnswer(req, body, init))

export const errorResponse = (req: PayloadRequest, error: RestError, allow?: string[]) =>
  jsonResponse(req, error.toBody(), { status: error.status, allow })
