import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

/**
 * A series' occurrences within a window, and its first there, from an index of their own: a planner without
 * statistics reads a list's events one by one and scanned the whole window of the start index for each.
 */
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE INDEX \`series_startDate_endDate_cancelled_idx\` ON \`event_occurrences\` (\`series_id\`,\`start_date\`,\`end_date\`,\`cancelled\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`series_startDate_endDate_cancelled_idx\`;`)
}
