import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`events\` ADD \`chinese_conversions\` text;`)
  await db.run(sql`ALTER TABLE \`venues\` ADD \`chinese_conversions\` text;`)
  await db.run(sql`ALTER TABLE \`organizers\` ADD \`chinese_conversions\` text;`)
  await db.run(sql`ALTER TABLE \`event_categories\` ADD \`chinese_conversions\` text;`)
  await db.run(sql`ALTER TABLE \`event_tags\` ADD \`chinese_conversions\` text;`)
  await db.run(sql`ALTER TABLE \`event_occurrences\` ADD \`chinese_conversions\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`chinese_conversions\`;`)
  await db.run(sql`ALTER TABLE \`venues\` DROP COLUMN \`chinese_conversions\`;`)
  await db.run(sql`ALTER TABLE \`organizers\` DROP COLUMN \`chinese_conversions\`;`)
  await db.run(sql`ALTER TABLE \`event_categories\` DROP COLUMN \`chinese_conversions\`;`)
  await db.run(sql`ALTER TABLE \`event_tags\` DROP COLUMN \`chinese_conversions\`;`)
  await db.run(sql`ALTER TABLE \`event_occurrences\` DROP COLUMN \`chinese_conversions\`;`)
}
