import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE INDEX \`events_rels_venues_path_parent_idx\` ON \`events_rels\` (\`venues_id\`,\`path\`,\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`events_rels_organizers_path_parent_idx\` ON \`events_rels\` (\`organizers_id\`,\`path\`,\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`events_rels_event_categories_path_parent_idx\` ON \`events_rels\` (\`event_categories_id\`,\`path\`,\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`events_rels_event_tags_path_parent_idx\` ON \`events_rels\` (\`event_tags_id\`,\`path\`,\`parent_id\`);`)
  // Statistics for the new indexes, so the planner prefers them to the single-column ones.
  await db.run(sql`ANALYZE \`events_rels\`;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`events_rels_venues_path_parent_idx\`;`)
  await db.run(sql`DROP INDEX \`events_rels_organizers_path_parent_idx\`;`)
  await db.run(sql`DROP INDEX \`events_rels_event_categories_path_parent_idx\`;`)
  await db.run(sql`DROP INDEX \`events_rels_event_tags_path_parent_idx\`;`)
}
