import type { CollectionSlug, Payload, PayloadRequest, SelectType, Where } from 'payload'

import { createLocalReq } from 'payload'

import { inTransaction } from './transactions.js'

type Identified = { id: number | string }

/**
 * Reads every record of `collection` that matches `where`, trashed ones too, `size` at a time in id order, and
 * hands each batch to `each` before reading the next: for migrations over a whole collection, whatever its size.
 * Ids are numbers on SQL and ObjectIds on MongoDB, so each batch starts after the last id of the one before
 * (not at an offset, which records `each` changes could shift). Returns how many records were read.
 */
export async function forEachBatch<T extends Identified>(
  payload: Payload,
  req: Partial<PayloadRequest>,
  query: {
    collection: CollectionSlug
    select: SelectType
    where?: Where
    locale?: 'all'
    size: number
  },
  each: (docs: T[]) => Promise<void>,
): Promise<number> {
  let read = 0
  for (let after: number | string | undefined; ;) {
    const where: Where[] = after === undefined ? [] : [{ id: { greater_than: after } }]
    if (query.where) where.push(query.where)
    const { docs } = await payload.find({
      collection: query.collection,
      depth: 0,
      limit: query.size,
      locale: query.locale,
      overrideAccess: true,
      pagination: false,
      req,
      select: query.select,
      sort: 'id',
      trash: true,
      where: { and: where },
    })
    if (docs.length) await each(docs as unknown as T[])
    read += docs.length
    if (docs.length < query.size) return read
    after = (docs.at(-1) as unknown as Identified).id
  }
}

/**
 * Runs `work` in one transaction: the caller's when `req` is in one (a migration's), else one of its own, committed
 * when `work` ends and rolled back when it fails. Commands that write many records write a batch per transaction:
 * on SQLite every transaction takes a connection whose file handles the driver releases only when it is garbage
 * collected (tursodatabase/libsql-client-ts#350), and thousands of one-record transactions in a row run the process
 * out of file handles.
 */
export async function inOneTransaction<T>(
  payload: Payload,
  req: Partial<PayloadRequest>,
  work: (req: Partial<PayloadRequest>) => Promise<T>,
): Promise<T> {
  const batch = req.transactionID
    ? (req as PayloadRequest)
    : await createLocalReq({ context: req.context, user: req.user ?? undefined }, payload)
  return inTransaction(batch, () => work(batch))
}
