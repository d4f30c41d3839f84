import type { Where } from 'payload'

import type { Id, OccurrenceDoc } from '../core/model.js'
import type { Reader } from './reader.js'

import { NOT_CANCELLED } from './occurrenceReads.js'
import { asCaller } from './reader.js'

/** The first occurrences of a series that match `where`, in `sort` order, cancelled ones left out unless asked. */
export async function occurrencesOf(
  reader: Reader,
  series: Id,
  { where = {}, sort = ['startDate', 'id'], limit, cancelled = false }: OccurrenceQuery,
): Promise<OccurrenceDoc[]> {
  const { docs } = await reader.req.payload.find({
    ...asCaller(reader),
    collection: reader.options.slugs.occurrences,
    where: { and: [{ series: { equals: series } }, ...(cancelled ? [] : [NOT_CANCELLED]), where] },
    sort,
    limit,
    pagination: false,
  })
  return docs as unknown as OccurrenceDoc[]
}

type OccurrenceQuery = { where?: Where; sort?: string[]; limit: number; cancelled?: boolean }

/** What a recurring event's own address shows: its occurrence now on or next, or its last when all are past. */
export async function shownOccurrence(
  reader: Reader,
  series: Id,
): Promise<OccurrenceDoc | undefined> {
  const now = new Date().toISOString()
  const [next] = await occurrencesOf(reader, series, {
    where: { endDate: { greater_than_equal: now } },
    limit: 1,
  })
  return next ?? (await occurrencesOf(reader, series, { sort: ['-startDate', '-id'], limit: 1 }))[0]
}
