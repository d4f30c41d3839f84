import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`event_occurrences\` ADD \`timezone\` text;`)
  await db.run(sql`ALTER TABLE \`event_occurrences\` ADD \`all_day\` integer;`)
  // Each occurrence takes its event's zone and all-day flag, as the plugin writes them from now on.
  await db.run(sql`UPDATE \`event_occurrences\` SET
    \`timezone\` = (SELECT \`timezone\` FROM \`events\` WHERE \`events\`.\`id\` = \`event_occurrences\`.\`series_id\`),
    \`all_day\` = (SELECT \`all_day\` FROM \`events\` WHERE \`events\`.\`id\` = \`event_occurrences\`.\`series_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`event_occurrences\` DROP COLUMN \`timezone\`;`)
  await db.run(sql`ALTER TABLE \`event_occurrences\` DROP COLUMN \`all_day\`;`)
}
