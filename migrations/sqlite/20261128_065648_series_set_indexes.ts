import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

/**
 * Lists read their set of recurring events, and those events' kept counts, from one index each. Single events are
 * no longer counted (their totals come from the events' own index): the counts written for them before go.
 */
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(
    sql`DELETE FROM \`event_occurrence_counts\` WHERE \`series_id\` IN (SELECT \`id\` FROM \`events\` WHERE \`recurrence\` IS NULL);`,
  )
  await db.run(sql`DROP INDEX \`month_series_fromMonth_idx\`;`)
  await db.run(sql`DROP INDEX \`month_firstMonth_idx\`;`)
  await db.run(sql`CREATE INDEX \`month_series_fromMonth_firstMonth_total_longest_idx\` ON \`event_occurrence_counts\` (\`month\`,\`series_id\`,\`from_month\`,\`first_month\`,\`total\`,\`longest\`);`)
  await db.run(sql`CREATE INDEX \`events_series_list_idx\` ON \`events\` (\`recurrence\`,\`deleted_at\`,\`status\`,\`hide_from_listings\`,\`id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`events_series_list_idx\`;`)
  await db.run(sql`DROP INDEX \`month_series_fromMonth_firstMonth_total_longest_idx\`;`)
  await db.run(sql`CREATE INDEX \`month_series_fromMonth_idx\` ON \`event_occurrence_counts\` (\`month\`,\`series_id\`,\`from_month\`);`)
  await db.run(sql`CREATE INDEX \`month_firstMonth_idx\` ON \`event_occurrence_counts\` (\`month\`,\`first_month\`);`)
}
