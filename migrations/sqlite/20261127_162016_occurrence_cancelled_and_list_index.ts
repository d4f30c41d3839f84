import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`startDate_endDate_idx\`;`)
  await db.run(sql`ALTER TABLE \`event_occurrences\` ADD \`cancelled\` integer DEFAULT false;`)
  await db.run(sql`CREATE INDEX \`startDate_endDate_series_cancelled_idx\` ON \`event_occurrences\` (\`start_date\`,\`end_date\`,\`series_id\`,\`cancelled\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`startDate_endDate_series_cancelled_idx\`;`)
  await db.run(sql`CREATE INDEX \`startDate_endDate_idx\` ON \`event_occurrences\` (\`start_date\`,\`end_date\`);`)
  await db.run(sql`ALTER TABLE \`event_occurrences\` DROP COLUMN \`cancelled\`;`)
}
