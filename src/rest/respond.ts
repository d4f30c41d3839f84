import type { PayloadRequest } from 'payload'

import type { RestError } from './errors.js'

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

export function jsonResponse(
  req: PayloadRequest,
  body: unknown,
  init: { allow?: string[]; headers?: Record<string, string>; status?: number } = {},
): Response {
  const headers: Record<string, string> = { ...BASE_HEADERS, ...(req.user ? PRIVATE_HEADERS : {}), ...init.headers }
  if (init.allow) headers.Allow = init.allow.join(', ')
  // The rest of an oversized body is never read, so the connection cannot carry another request.
  if (init.status === 413) headers.Connection = 'close'
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers })
}

export const errorResponse = (req: PayloadRequest, error: RestError, allow?: string[]) =>
  jsonResponse(req, error.toBody(), { status: error.status, allow })
