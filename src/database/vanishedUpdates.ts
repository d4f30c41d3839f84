import { type BaseDatabaseAdapter, NotFound } from 'payload'

/**
 * MongoDB: an update of one of `collections` whose record was deleted after Payload found it answers Payload's
 * `NotFound`, as if the deletion had come first, and the namespace runs the write again (`rest/writes.ts`). The
 * adapter returns `null` then, which Payload 3.90 reads as the updated record and fails on. (On SQLite and Postgres
 * writers of one record take turns, `writeLocks.ts`, and the SQL adapters fail such an update themselves.)
 */
export function refuseVanishedUpdates(adapter: BaseDatabaseAdapter, collections: string[]): void {
  const updateOne = adapter.updateOne.bind(adapter)
  adapter.updateOne = async (args) => {
    const updated = await updateOne(args)
    if (updated === null && args.returning !== false && collections.includes(args.collection))
      throw new NotFound(args.req?.t)
    return updated
  }
}
