import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-sqlite'

import { migrateOccurrenceCounts } from 'payload-events-calendar/migrations/occurrences'

/**
 * Recurring events saved before their occurrences were counted for the lists' totals get their counts. Nothing to
 * undo: the schema migration before this one drops the table on the way down.
 */
export async function up({ payload, req }: MigrateUpArgs): Promise<void> {
  const series = await migrateOccurrenceCounts({ payload, req })
  payload.logger.info(`calendar: occurrences counted for ${series} recurring events`)
}

export async function down(_: MigrateDownArgs): Promise<void> {}
