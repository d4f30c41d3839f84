import type { CollectionConfig, PayloadRequest, TypedUser } from 'payload'

/**
 * Payload's auth strategies read the user and take any failure of that read for "no such user", so a database
 * connection lost in the middle of a request turns valid credentials into an anonymous call. While a request
 * authenticates, the reads of the users collection are counted: a read that started and never finished failed (or
 * met a user deleted meanwhile); it is no answer about the credentials.
 */
const WATCH = 'calendarAuthReads'
type Reads = { started: number; finished: number }

const readsOf = (req: PayloadRequest) => req.context[WATCH] as Reads | undefined

export const authReadHooks: NonNullable<CollectionConfig['hooks']> = {
  beforeOperation: [
    ({ args, operation, req }) => {
      const reads = readsOf(req)
      if (reads && operation === 'read') reads.started += 1
      return args
    },
  ],
  afterOperation: [
    ({ operation, req, result }) => {
      const reads = readsOf(req)
      if (reads && (operation === 'find' || operation === 'findByID')) reads.finished += 1
      return result
    },
  ],
}

/** The user the credentials name, and whether a read of the users collection failed while finding out. */
export async function authenticateWatched(
  req: PayloadRequest,
  authenticate: (req: PayloadRequest) => Promise<TypedUser | null>,
): Promise<{ user: TypedUser | null; readFailed: boolean }> {
  const reads: Reads = { started: 0, finished: 0 }
  req.context[WATCH] = reads
  try {
    const user = await authenticate(req)
    return { user, readFailed: reads.finished < reads.started }
  } finally {
    delete req.context[WATCH]
  }
}
