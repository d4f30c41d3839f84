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

type Described = { code?: unknown; errorLabels?: unknown; message?: unknown }

/** An error and the errors it wraps, outermost first: drivers wrap the cause. */
function causeChain(error: unknown): Described[] {
  const chain: Described[] = []
  for (let current = error; current && typeof current === 'object' && chain.length < 5;) {
    chain.push(current as Described)
    current = (current as { cause?: unknown }).cause
  }
  return chain
}

/**
 * Whether an error means the database is unreachable or overloaded for now (answer 503, the client may retry),
 * rather than a fault of the request or of the code.
 */
export const isDatabaseUnavailable = (error: unknown): boolean =>
  causeChain(error).some(
    ({ code, message }) =>
      (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_CODE.test(code))) ||
      (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))),
  )

/**
 * Whether an error means that a transaction lost to another one and was rolled back, and may simply run again:
 * Postgres's deadlock (40P01) and serialization failure (40001); MongoDB's write conflict (112), and any error it
 * labels a transient transaction error.
 */
export const isWriteConflict = (error: unknown): boolean =>
  causeChain(error).some(
    ({ code, errorLabels }) =>
      code === '40P01' ||
      code === '40001' ||
      code === 112 ||
      (Array.isArray(errorLabels) && errorLabels.includes('TransientTransactionError')),
  )

/** The innermost message of an error and its causes: the driver's own words, without the query text. */
export function rootCause(error: unknown): string {
  let current = error as { cause?: unknown; message?: unknown } | undefined
  while (current && typeof current.cause === 'object' && current.cause)
    current = current.cause as typeof current
  return String(current?.message ?? current)
}

/**
 * Whether a write referred to a record that another writer deleted before it committed: a foreign key that no
 * longer holds (Postgres 23503, SQLite's SQLITE_CONSTRAINT_FOREIGNKEY). Run again, the write sees the deletion.
 */
export const isVanishedReference = (error: unknown): boolean =>
  causeChain(error).some(({ code }) => code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY')
