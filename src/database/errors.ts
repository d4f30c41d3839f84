import type { AfterErrorHook } from 'payload'

import { serverError } from '../rest/errors.js'

/** Socket errors of a database that cannot be reached or went away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * SQLSTATEs of a Postgres server that is going away or full: class 08 (connection exception), 57P01–57P03
 * (shut down by an administrator, crashed, starting up) and 53300 (too many connections). SQLite's busy and locked
 * database, should a writer of another process hold the lock longer than the busy timeout.
 */
const UNAVAILABLE_CODE = /^(08\w{3}|57P0[1-3]|53300|SQLITE_BUSY\w*|SQLITE_LOCKED\w*)$/

/** What pg and pg-pool say, with no code, about a connection that ended, timed out or could not be had. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated', // the socket closed under a query
  'timeout exceeded when trying to connect', // no pooled connection within connectionTimeoutMillis
  'Query read timeout', // no answer within query_timeout
  'is not queryable', // a client whose connection already failed
]

/**
 * Whether an error means the database is unreachable or overloaded for now (answer 503, the client may retry),
 * rather than a fault of the request or of the code. Drivers wrap the cause: the whole `cause` chain is read.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false
    const { cause, code, message } = current as { cause?: unknown; code?: unknown; message?: unknown }
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_CODE.test(code))) return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true
    current = cause
  }
  return false
}

/** The innermost message of an error and its causes: the driver's own words, without the query text. */
export function rootCause(error: unknown): string {
  let current = error as { cause?: unknown; message?: unknown } | undefined
  while (current && typeof current.cause === 'object' && current.cause) current = current.cause as typeof current
  return String(current?.message ?? current)
}

/**
 * For Payload's own routes (login, the collections' REST API, the admin's requests), which answer 500 for any
 * error they do not know: an unreachable database is a 503, as on the calendar namespace.
 */
export const unavailableAfterError: AfterErrorHook = ({ error }) =>
  isDatabaseUnavailable(error)
    ? { status: 503, response: { errors: [{ message: serverError(true).message }] } }
    : undefined
