import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-sqlite'

import { migrateSearchText } from 'payload-events-calendar/migrations/search-text'

/**
 * Venues and organizers saved before their descriptions became searchable have no search text, so `search` did
 * not find them by the words of their description until saved again: it is written for them (and for any record
 * still without one). Nothing to undo: the text is kept up to date by every later save.
 */
export async function up({ payload, req }: MigrateUpArgs): Promise<void> {
  const written = await migrateSearchText({ payload, req })
  payload.logger.info(`calendar: search text written for ${JSON.stringify(written)}`)
}

export async function down(_: MigrateDownArgs): Promise<void> {}
