import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

import { migrateOccurrences } from 'payload-events-calendar/migrations/occurrences'

/**
 * Events saved before each time an event takes place was kept as an occurrence get their occurrences. Nothing to
 * undo: the schema migration before this one drops the table on the way down.
 */
export async function up({ payload, req }: MigrateUpArgs): Promise<void> {
  const events = await migrateOccurrences({ payload, req })
  payload.logger.info(`calendar: occurrences kept for ${events} events`)
}

export async function down(_: MigrateDownArgs): Promise<void> {}
