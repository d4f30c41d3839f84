import { setTimeout as sleep } from 'node:timers/promises'
import { NotFound, ValidationError } from 'payload'

import { isVanishedReference, isWriteConflict } from '../database/errors.js'
import { sharedState } from '../core/sharedState.js'
import { writersAtOnce } from '../database/writeLocks.js'
import { WriteQueue } from '../database/writeQueue.js'
import { serverError } from './errors.js'

/** How long a write waits for the ones ahead of it before the answer is a 503. */
const WRITE_WAIT_MS = 30_000
/** Attempts of a write that lost a race to another writer. */
const ATTEMPTS = 5
/** The longest wait before the second attempt of a write that lost a race; later attempts wait up to a multiple. */
const RETRY_WAIT_MS = 20

/** The namespace's writes in this process, by database adapter. */
const queues = sharedState('namespaceWrites', () => new WeakMap<object, WriteQueue>())

function writesOf(db: object & { name?: string }): WriteQueue {
  let queue = queues.get(db)
  if (!queue)
    queues.set(
      db,
      (queue = new WriteQueue(WRITE_WAIT_MS, () => serverError(true), writersAtOnce(db))),
    )
  return queue
}

/** The slug hook always picks a free slug, so a unique-slug failure means another writer committed it first. */
const isSlugConflict = (error: unknown) =>
  error instanceof ValidationError && error.data.errors.some(({ path }) => path === 'slug')

/**
 * Another writer got there first: it committed the slug, deadlocked with this write, or deleted (or trashed) a
 * record this write had found, so that Payload no longer finds it (`NotFound`) or its link no longer holds.
 */
export const lostRace = (error: unknown) =>
  isSlugConflict(error) ||
  isWriteConflict(error) ||
  isVanishedReference(error) ||
  error instanceof NotFound

/**
 * Runs a namespace write, retried when it lost a race. Writers of one slug, name, record or term count take turns
 * in the database (`lockUntilCommit`), across server instances and within one, so slugs and records
 * found by name are chosen from what is committed: concurrent creates of one title get distinct slugs, concurrent
 * creates of one name find each other instead of making twins, and term counts are recounted from committed
 * events. A write that loses anyway (a writer that takes no turns, such as raw SQL, took its slug; the database
 * broke a deadlock between two writers; a record it found was deleted before it wrote) is rolled back whole and run
 * again, and then answers for what it finds: a record trashed in the meantime is a 410, a link to a deleted one a
 * 400, as if the other write had come first. A process runs `writersAtOnce` writes at a time (one but on
 * PostgreSQL), each up to its commit; a write waits at most 30 s for a turn, then answers 503.
 */
export function serializedWrite<T>(
  db: object & { name?: string },
  work: () => Promise<T>,
): Promise<T> {
  const attempts = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work()
      } catch (error) {
        if (attempt >= ATTEMPTS || !lostRace(error)) throw error
        // A moment's wait, longer each time, so that writers that keep colliding (MongoDB fails the second writer
        // of a document at once instead of making it wait) stop meeting.
        await sleep(Math.random() * RETRY_WAIT_MS * attempt)
      }
    }
  }
  return writesOf(db).run(attempts)
}
