import type { Payload } from 'payload'

import { sqliteSearchIndexMigration } from '../../database/sqliteSearchIndex.js'

/** `payload migrate:create --file payload-events-calendar/migrations/sqlite-search-index` writes this migration. */
export const dynamic = async ({ payload }: { payload: Payload }) =>
  sqliteSearchIndexMigration(payload)
