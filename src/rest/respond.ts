import type { PayloadRequest } from 'payload'

import type { RestError } from './errors.js'

import { etagMatches, etagOf } from '../cache/etag.js'

/**
 * Every answer of the namespace is JSON data, never a page: it may not be sniffed as another type, framed, run
 * as a document with scripts or styles, or leak the caller's URL onwards.
 */
const BASE_HEADERS = {
  'Content-Type': 'application/json; charset=UTF-8',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Access-Control-Expose-Headers': 'X-TEC-Total, X-TEC-TotalPages, Link',
  'Access-Control-Allow-Headers': 'Authorization, Content-Disposition, Content-MD5, Content-Type',
  Vary: 'Origin',
}

/** Responses to authenticated callers must never be stored by a cache, as the original's. */
const PRIVATE_HEADERS = {
  Expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
  'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
}

type ResponseInit = {
  allow?: string[]
  headers?: Record<string, string>
  status?: number
  /** For a response anyone may be given: how long shared caches may reuse it; it gets an `ETag` too. */
  publicMaxAge?: number
}

export function jsonResponse(req: PayloadRequest, body: unknown, init: ResponseInit = {}): Response {
  const headers: Record<string, string> = { ...BASE_HEADERS, ...(req.user ? PRIVATE_HEADERS : {}), ...init.headers }
  if (init.allow) headers.Allow = init.allow.join(', ')
  // The rest of an oversized body is never read, so the connection cannot carry another request.
  if (init.status === 413) headers.Connection = 'close'
  const text = JSON.stringify(body)
  const status = init.status ?? 200
  if (init.publicMaxAge !== undefined && status === 200 && !req.user) {
    headers.ETag = etagOf(text)
    headers['Cache-Control'] = `public, max-age=0, s-maxage=${init.publicMaxAge}`
    if (etagMatches(req.headers.get('if-none-match'), headers.ETag)) return new Response(null, { status: 304, headers })
  }
  // As bytes: undici would first scan a string body for unpaired surrogates, which JSON.stringify never leaves.
  return new Response(Buffer.from(text), { status, headers })
}

export const errorResponse = (req: PayloadRequest, error: RestError, allow?: string[]) =>
  jsonResponse(req, error.toBody(), { status: error.status, allow })
