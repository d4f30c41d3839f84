import { commitTransaction, initTransaction, killTransaction } from 'payload'

import type { RestCall } from './route.js'

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
