import { ValidationError } from 'payload'

import { WriteQueue } from '../database/writeQueue.js'
import { serverError } from './errors.js'

/** How long a write waits for the ones ahead of it before the answer is a 503. */
const WRITE_WAIT_MS = 30_000
/** Attempts of a write whose slug another process took first. */
const ATTEMPTS = 3

const writes = new WriteQueue(WRITE_WAIT_MS, () => serverError(true))

/** The slug hook always picks a free slug, so a unique-slug failure means another writer committed it first. */
const isSlugConflict = (error: unknown) =>
  error instanceof ValidationError && error.data.errors.some(({ path }) => path === 'slug')

/**
 * Runs the namespace's writes one at a time in this process, each up to its commit. Slugs and records found by
 * name are then chosen from what is committed: concurrent creates of one title get distinct slugs, and concurrent
 * creates of one name find each other instead of making twins; term counts are recounted from committed events.
 * A writer of another process (the admin, a second server) can still take a slug first: that write is retried.
 */
export function serializedWrite<T>(work: () => Promise<T>): Promise<T> {
  return writes.run(async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work()
      } catch (error) {
        if (attempt >= ATTEMPTS || !isSlugConflict(error)) throw error
      }
    }
  })
}
