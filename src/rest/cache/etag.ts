import type { Answer } from '../respond.js'

import { createHash } from 'node:crypto'

export const etagOf = (body: string): string =>
  `"${createHash('sha1').update(body).digest('base64url')}"`

/** `If-None-Match` against an entity tag, with the weak comparison RFC 9110 prescribes for it. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

/** `304 Not Modified` (headers only) when the caller holds the answer's entity tag, else the answer itself. */
export function conditional(answer: Answer, ifNoneMatch: string | null | undefined): Answer {
  const { etag } = answer.headers
  return etag && etagMatches(ifNoneMatch, etag)
    ? { ...answer, status: 304, body: Buffer.alloc(0) }
    : answer
}
