import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE INDEX \`events_id_list_idx\` ON \`events\` (\`id\`,\`deleted_at\`,\`start_date\`,\`end_date\`,\`status\`,\`hide_from_listings\`);`)
  // Statistics for the new index, so the planner knows how much smaller it is than the table.
  await db.run(sql`ANALYZE \`events\`;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`events_id_list_idx\`;`)
}
