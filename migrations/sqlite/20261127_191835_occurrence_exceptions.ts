import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`event_occurrences_locales\` (
  	\`title\` text,
  	\`description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`event_occurrences\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`event_occurrences_locales_locale_parent_id_unique\` ON \`event_occurrences_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`event_occurrences_locales_parent_idx\` ON \`event_occurrences_locales\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`event_occurrences_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`venues_id\` integer,
  	\`organizers_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`event_occurrences\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`venues_id\`) REFERENCES \`venues\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`organizers_id\`) REFERENCES \`organizers\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`event_occurrences_rels_order_idx\` ON \`event_occurrences_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`event_occurrences_rels_parent_idx\` ON \`event_occurrences_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`event_occurrences_rels_path_idx\` ON \`event_occurrences_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`event_occurrences_rels_venues_id_idx\` ON \`event_occurrences_rels\` (\`venues_id\`);`)
  await db.run(sql`CREATE INDEX \`event_occurrences_rels_organizers_id_idx\` ON \`event_occurrences_rels\` (\`organizers_id\`);`)
  await db.run(sql`CREATE INDEX \`event_occurrences_rels_venues_path_parent_idx\` ON \`event_occurrences_rels\` (\`venues_id\`,\`path\`,\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`event_occurrences_rels_organizers_path_parent_idx\` ON \`event_occurrences_rels\` (\`organizers_id\`,\`path\`,\`parent_id\`);`)
  await db.run(sql`ALTER TABLE \`event_occurrences\` ADD \`original_start\` text;`)
  await db.run(sql`ALTER TABLE \`event_occurrences\` ADD \`moved\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`event_occurrences\` ADD \`changed\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`event_occurrences\` ADD \`image_id\` integer REFERENCES media(id);`)
  await db.run(sql`CREATE INDEX \`event_occurrences_image_idx\` ON \`event_occurrences\` (\`image_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`event_occurrences_locales\`;`)
  await db.run(sql`DROP TABLE \`event_occurrences_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_event_occurrences\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`series_id\` integer NOT NULL,
  	\`key\` text NOT NULL,
  	\`start_date\` text NOT NULL,
  	\`end_date\` text NOT NULL,
  	\`cancelled\` integer DEFAULT false,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`series_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`INSERT INTO \`__new_event_occurrences\`("id", "series_id", "key", "start_date", "end_date", "cancelled", "updated_at", "created_at") SELECT "id", "series_id", "key", "start_date", "end_date", "cancelled", "updated_at", "created_at" FROM \`event_occurrences\`;`)
  await db.run(sql`DROP TABLE \`event_occurrences\`;`)
  await db.run(sql`ALTER TABLE \`__new_event_occurrences\` RENAME TO \`event_occurrences\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`event_occurrences_series_idx\` ON \`event_occurrences\` (\`series_id\`);`)
  await db.run(sql`CREATE INDEX \`event_occurrences_updated_at_idx\` ON \`event_occurrences\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`event_occurrences_created_at_idx\` ON \`event_occurrences\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`series_key_idx\` ON \`event_occurrences\` (\`series_id\`,\`key\`);`)
  await db.run(sql`CREATE INDEX \`startDate_endDate_series_cancelled_idx\` ON \`event_occurrences\` (\`start_date\`,\`end_date\`,\`series_id\`,\`cancelled\`);`)
}
