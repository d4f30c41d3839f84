import { type CollectionSlug, commitTransaction, initTransaction, killTransaction } from 'payload'

import type { Id } from '../core/model.js'
import type { RestCall } from './route.js'

import { asCaller } from './localApi.js'

/** Runs a write of several records as one: every Local API call given `call.req` joins the transaction. */
export async function inTransaction<T>(call: RestCall, work: () => Promise<T>): Promise<T> {
  const started = await initTransaction(call.req)
  try {
    const result = await work()
    if (started) await commitTransaction(call.req)
    return result
  } catch (error) {
    if (started) await killTransaction(call.req)
    throw error
  }
}

/** Soft delete: Payload's trash, as the caller (a Local API `delete` would remove the record for good). */
export const moveToTrash = (call: RestCall, collection: CollectionSlug, id: Id) =>
  call.req.payload.update({
    ...asCaller(call),
    collection,
    id,
    data: { deletedAt: new Date().toISOString() } as never,
    trash: true,
  })
