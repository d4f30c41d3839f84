import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`events\` ADD \`import_digest\` text;`)
  await db.run(sql`ALTER TABLE \`venues\` ADD \`import_digest\` text;`)
  await db.run(sql`ALTER TABLE \`organizers\` ADD \`import_digest\` text;`)
  await db.run(sql`ALTER TABLE \`event_categories\` ADD \`import_digest\` text;`)
  await db.run(sql`ALTER TABLE \`event_tags\` ADD \`import_digest\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`import_digest\`;`)
  await db.run(sql`ALTER TABLE \`venues\` DROP COLUMN \`import_digest\`;`)
  await db.run(sql`ALTER TABLE \`organizers\` DROP COLUMN \`import_digest\`;`)
  await db.run(sql`ALTER TABLE \`event_categories\` DROP COLUMN \`import_digest\`;`)
  await db.run(sql`ALTER TABLE \`event_tags\` DROP COLUMN \`import_digest\`;`)
}
