import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`status_startDate_idx\`;`)
  await db.run(sql`CREATE INDEX \`deletedAt_startDate_endDate_status_hideFromListings_idx\` ON \`events\` (\`deleted_at\`,\`start_date\`,\`end_date\`,\`status\`,\`hide_from_listings\`);`)
  await db.run(sql`CREATE INDEX \`deletedAt_publishedAt_idx\` ON \`venues\` (\`deleted_at\`,\`published_at\`);`)
  await db.run(sql`CREATE INDEX \`deletedAt_publishedAt_1_idx\` ON \`organizers\` (\`deleted_at\`,\`published_at\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`deletedAt_startDate_endDate_status_hideFromListings_idx\`;`)
  await db.run(sql`CREATE INDEX \`status_startDate_idx\` ON \`events\` (\`status\`,\`start_date\`);`)
  await db.run(sql`DROP INDEX \`deletedAt_publishedAt_idx\`;`)
  await db.run(sql`DROP INDEX \`deletedAt_publishedAt_1_idx\`;`)
}
