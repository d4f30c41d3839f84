import type { BaseDatabaseAdapter, PayloadRequest } from 'payload'

import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { commitTransaction, initTransaction, killTransaction } from 'payload'

import {
  drizzleTransaction,
  setTransactionSession,
  transactionDefaults,
  transactionSession,
} from './adapter.js'
import { sharedState } from '../core/sharedState.js'
import { WriteQueue } from './writeQueue.js'

const isBusy = (error: unknown) => /^SQLITE_BUSY/.test(String((error as { code?: unknown })?.code))
const busyError = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })

/**
 * Opens a transaction whose session rejects `resolve()` when COMMIT fails; resolves with the transaction's end.
 * Payload 3.90's own version resolves it regardless, so a write the database rolled back was answered as saved
 * (payloadcms/payload#17726).
 */
function openTransaction(
  adapter: BaseDatabaseAdapter,
  id: string,
  options: unknown,
): Promise<{ settled: Promise<void> }> {
  return new Promise((ready, failed) => {
    const transaction: Promise<void> = drizzleTransaction(
      adapter,
      (db) =>
        new Promise<void>((commit, rollback) => {
          setTransactionSession(adapter, id, {
            db,
            resolve: () => {
              commit()
              return transaction
            },
            reject: () => {
              rollback(new Error('Transaction rolled back'))
              return transaction.catch(() => {})
            },
          })
          ready({ settled: transaction })
        }),
      options,
    )
    // Before the session exists this is a failed connect or BEGIN; afterwards `resolve`/`reject` report the outcome.
    transaction.catch(failed)
  })
}

/** What each open transaction runs last, before its COMMIT, by key (`runLastInTransaction`). */
const lastWork = sharedState(
  'lastInTransaction',
  () => new WeakMap<object, Map<string, () => Promise<void>>>(),
)
/** The adapters whose COMMIT runs that work first. */
const runsLastWork = sharedState('runsLastWork', () => new WeakSet<object>())

/**
 * Runs `work` as the last statements of the open transaction `id`, just before its COMMIT, once for `key` however
 * often asked: a row every writer writes (the change stamp) is then locked only while the writer commits, not while
 * it goes on to other work or waits for other locks. False where that cannot be (MongoDB, or no open transaction):
 * the caller does the work at once.
 */
export function runLastInTransaction(
  db: object,
  id: number | string,
  key: string,
  work: () => Promise<void>,
): boolean {
  const session = runsLastWork.has(db) ? transactionSession(db, id) : undefined
  if (!session) return false
  const works = lastWork.get(session) ?? new Map<string, () => Promise<void>>()
  lastWork.set(session, works.set(key, work))
  return true
}

/**
 * Gives a Drizzle adapter (SQLite, Postgres) transactions that report a failed COMMIT to the caller. With `serialize`
 * (SQLite), the write transactions of this process also wait for each other instead of failing with SQLITE_BUSY:
 * the driver gives every transaction its own connection, without the busy timeout, and the one writer allowed
 * holds the lock across awaits. A lock held by another process is waited for by retrying BEGIN, up to `busyTimeout`.
 */
export function makeTransactionsReliable(
  db: BaseDatabaseAdapter,
  { busyTimeout, serialize }: { busyTimeout: number; serialize: boolean },
): void {
  const queue = serialize ? new WriteQueue(busyTimeout, busyError) : undefined
  // libsql leaves a BEGIN that failed as busy pending on its connection, and the next transaction on that
  // connection cannot COMMIT ("SQL statements in progress"); rolling that transaction back drops the connection.
  let failedBeginPending = false

  async function open(id: string, options: unknown): Promise<{ settled: Promise<void> }> {
    const deadline = Date.now() + busyTimeout
    for (;;) {
      try {
        const opened = await openTransaction(db, id, options)
        if (!failedBeginPending) return opened
        failedBeginPending = false
        await transactionSession(db, id)?.reject()
        setTransactionSession(db, id, undefined)
      } catch (error) {
        if (!isBusy(error)) throw error
        failedBeginPending = true
        if (Date.now() > deadline) throw error
        await sleep(20)
      }
    }
  }

  db.beginTransaction = async (options) => {
    const defaults = transactionDefaults(db)
    await defaults.ready
    const id = randomUUID()
    const leave = await queue?.enter()
    try {
      const { settled } = await open(id, options ?? defaults.options)
      if (leave) void settled.then(leave, leave)
      return id
    } catch (error) {
      leave?.()
      throw error
    }
  }
  db.commitTransaction = async (incomingID) => {
    const id = incomingID instanceof Promise ? await incomingID : incomingID
    const session = transactionSession(db, id)
    if (!session) return
    // Still registered, so that the work joins the transaction; a failure leaves it to be rolled back.
    for (const work of lastWork.get(session)?.values() ?? []) await work()
    setTransactionSession(db, String(id), undefined)
    await session.resolve()
  }
  runsLastWork.add(db)
}

/**
 * Runs `work` in `req`'s transaction, which every Local API call given `req` joins. When `req` is in none, one is
 * begun for it, committed when `work` ends and rolled back when it fails; one it was already in is its owner's to
 * end.
 */
export async function inTransaction<T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> {
  const began = await initTransaction(req)
  try {
    const result = await work()
    if (began) await commitTransaction(req)
    return result
  } catch (error) {
    if (began) await killTransaction(req)
    throw error
  }
}
