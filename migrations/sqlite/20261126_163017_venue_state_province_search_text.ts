import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`venues\` ADD \`search_text\` text;`)
  await db.run(sql`ALTER TABLE \`venues_locales\` ADD \`state_province\` text;`)
  await db.run(sql`ALTER TABLE \`organizers\` ADD \`search_text\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`venues\` DROP COLUMN \`search_text\`;`)
  await db.run(sql`ALTER TABLE \`venues_locales\` DROP COLUMN \`state_province\`;`)
  await db.run(sql`ALTER TABLE \`organizers\` DROP COLUMN \`search_text\`;`)
}
