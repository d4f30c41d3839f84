import type { Payload, PayloadRequest, TypedUser } from 'payload'

import { AsyncLocalStorage } from 'node:async_hooks'

import { sharedState } from '../core/sharedState.js'

/**
 * Payload's auth strategies read the user and take any failure of that read for "no such user", so a database
 * connection lost in the middle of a request turns valid credentials into an anonymous call. While a request
 * authenticates, the database reads made for it are watched (Payload hands the adapter a bare request, so the
 * watch follows the call, not the request): the first one that throws is kept. A user who is not there is an empty
 * answer, not a thrown error, so what is kept is always a failure of the database.
 */
type Watch = { error?: unknown }
const watching = sharedState('watchedAuthReads', () => new AsyncLocalStorage<Watch>())

/** `read`, noting what it throws on the watch of the authentication it runs for, if any. */
const watched =
  <A, R>(read: (args: A) => Promise<R>) =>
  async (args: A): Promise<R> => {
    try {
      return await read(args)
    } catch (error) {
      const watch = watching.getStore()
      if (watch) watch.error ??= error
      throw error
    }
  }

/** Makes the database's reads note their errors while a request authenticates (`authenticateWatched`). */
export function watchAuthReads({ db }: Payload): void {
  db.find = watched(db.find.bind(db)) as typeof db.find
  db.findOne = watched(db.findOne.bind(db)) as typeof db.findOne
}

/** The user the credentials name, and the error of a database read that failed while finding out, if one did. */
export async function authenticateWatched(
  req: PayloadRequest,
  authenticate: (req: PayloadRequest) => Promise<TypedUser | null>,
): Promise<{ user: TypedUser | null; readError?: unknown }> {
  const watch: Watch = {}
  const user = await watching.run(watch, () => authenticate(req))
  return { user, readError: watch.error }
}
