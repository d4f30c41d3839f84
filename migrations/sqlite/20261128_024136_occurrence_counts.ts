import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`event_occurrence_counts\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`series_id\` integer NOT NULL,
  	\`month\` text NOT NULL,
  	\`from_month\` numeric,
  	\`total\` numeric,
  	\`first_month\` text,
  	\`longest\` numeric,
  	FOREIGN KEY (\`series_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`event_occurrence_counts_series_idx\` ON \`event_occurrence_counts\` (\`series_id\`);`)
  await db.run(sql`CREATE INDEX \`month_series_fromMonth_idx\` ON \`event_occurrence_counts\` (\`month\`,\`series_id\`,\`from_month\`);`)
  await db.run(sql`CREATE INDEX \`month_firstMonth_idx\` ON \`event_occurrence_counts\` (\`month\`,\`first_month\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`event_occurrence_counts\`;`)
}
