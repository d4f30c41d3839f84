import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`date_given\`;`)
  await db.run(sql`ALTER TABLE \`venues\` DROP COLUMN \`date_given\`;`)
  await db.run(sql`ALTER TABLE \`organizers\` DROP COLUMN \`date_given\`;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`events\` ADD \`date_given\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`venues\` ADD \`date_given\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`organizers\` ADD \`date_given\` integer DEFAULT false;`)
}
