import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`deletedAt_startDate_endDate_status_hideFromListings_idx\`;`)
  await db.run(sql`CREATE INDEX \`deletedAt_startDate_endDate_status_hideFromListings_recu_idx\` ON \`events\` (\`deleted_at\`,\`start_date\`,\`end_date\`,\`status\`,\`hide_from_listings\`,\`recurrence\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`deletedAt_startDate_endDate_status_hideFromListings_recu_idx\`;`)
  await db.run(sql`CREATE INDEX \`deletedAt_startDate_endDate_status_hideFromListings_idx\` ON \`events\` (\`deleted_at\`,\`start_date\`,\`end_date\`,\`status\`,\`hide_from_listings\`);`)
}
