import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`users_sessions\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`created_at\` text,
  	\`expires_at\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`users_sessions_order_idx\` ON \`users_sessions\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`users_sessions_parent_id_idx\` ON \`users_sessions\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`users\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`role\` text DEFAULT 'subscriber' NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`enable_a_p_i_key\` integer,
  	\`api_key\` text,
  	\`api_key_index\` text,
  	\`email\` text NOT NULL,
  	\`reset_password_token\` text,
  	\`reset_password_expiration\` text,
  	\`salt\` text,
  	\`hash\` text,
  	\`reset_password_requested_at\` text,
  	\`login_attempts\` numeric DEFAULT 0,
  	\`lock_until\` text
  );
  `)
  await db.run(sql`CREATE INDEX \`users_role_idx\` ON \`users\` (\`role\`);`)
  await db.run(sql`CREATE INDEX \`users_updated_at_idx\` ON \`users\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`users_created_at_idx\` ON \`users\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`users_email_idx\` ON \`users\` (\`email\`);`)
  await db.run(sql`CREATE TABLE \`events\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`start_date\` text NOT NULL,
  	\`end_date\` text NOT NULL,
  	\`timezone\` text DEFAULT 'UTC' NOT NULL,
  	\`all_day\` integer DEFAULT false,
  	\`cost\` text,
  	\`currency_symbol\` text,
  	\`currency_code\` text,
  	\`currency_position\` text,
  	\`website\` text,
  	\`image_id\` integer,
  	\`parent_id\` integer,
  	\`featured\` integer DEFAULT false,
  	\`sticky\` integer DEFAULT false,
  	\`hide_from_listings\` integer DEFAULT false,
  	\`show_map\` integer DEFAULT true,
  	\`show_map_link\` integer DEFAULT true,
  	\`ticketed\` integer DEFAULT false,
  	\`password_protected\` integer DEFAULT false,
  	\`password_hash\` text,
  	\`status\` text DEFAULT 'publish' NOT NULL,
  	\`published_at\` text,
  	\`author_id\` integer,
  	\`slug\` text,
  	\`import_key\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`deleted_at\` text,
  	FOREIGN KEY (\`image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`author_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`events_start_date_idx\` ON \`events\` (\`start_date\`);`)
  await db.run(sql`CREATE INDEX \`events_end_date_idx\` ON \`events\` (\`end_date\`);`)
  await db.run(sql`CREATE INDEX \`events_image_idx\` ON \`events\` (\`image_id\`);`)
  await db.run(sql`CREATE INDEX \`events_parent_idx\` ON \`events\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`events_featured_idx\` ON \`events\` (\`featured\`);`)
  await db.run(sql`CREATE INDEX \`events_hide_from_listings_idx\` ON \`events\` (\`hide_from_listings\`);`)
  await db.run(sql`CREATE INDEX \`events_ticketed_idx\` ON \`events\` (\`ticketed\`);`)
  await db.run(sql`CREATE INDEX \`events_status_idx\` ON \`events\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`events_published_at_idx\` ON \`events\` (\`published_at\`);`)
  await db.run(sql`CREATE INDEX \`events_author_idx\` ON \`events\` (\`author_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`events_slug_idx\` ON \`events\` (\`slug\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`events_import_key_idx\` ON \`events\` (\`import_key\`);`)
  await db.run(sql`CREATE INDEX \`events_updated_at_idx\` ON \`events\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`events_created_at_idx\` ON \`events\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`events_deleted_at_idx\` ON \`events\` (\`deleted_at\`);`)
  await db.run(sql`CREATE INDEX \`status_startDate_idx\` ON \`events\` (\`status\`,\`start_date\`);`)
  await db.run(sql`CREATE TABLE \`events_locales\` (
  	\`title\` text NOT NULL,
  	\`description\` text,
  	\`excerpt\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`events_locales_locale_parent_id_unique\` ON \`events_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`events_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`venues_id\` integer,
  	\`organizers_id\` integer,
  	\`event_categories_id\` integer,
  	\`event_tags_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`venues_id\`) REFERENCES \`venues\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`organizers_id\`) REFERENCES \`organizers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`event_categories_id\`) REFERENCES \`event_categories\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`event_tags_id\`) REFERENCES \`event_tags\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`events_rels_order_idx\` ON \`events_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`events_rels_parent_idx\` ON \`events_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`events_rels_path_idx\` ON \`events_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`events_rels_venues_id_idx\` ON \`events_rels\` (\`venues_id\`);`)
  await db.run(sql`CREATE INDEX \`events_rels_organizers_id_idx\` ON \`events_rels\` (\`organizers_id\`);`)
  await db.run(sql`CREATE INDEX \`events_rels_event_categories_id_idx\` ON \`events_rels\` (\`event_categories_id\`);`)
  await db.run(sql`CREATE INDEX \`events_rels_event_tags_id_idx\` ON \`events_rels\` (\`event_tags_id\`);`)
  await db.run(sql`CREATE TABLE \`venues\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`zip\` text,
  	\`phone\` text,
  	\`website\` text,
  	\`geo_lat\` numeric,
  	\`geo_lng\` numeric,
  	\`image_id\` integer,
  	\`show_map\` integer DEFAULT true,
  	\`show_map_link\` integer DEFAULT true,
  	\`status\` text DEFAULT 'publish' NOT NULL,
  	\`published_at\` text,
  	\`author_id\` integer,
  	\`slug\` text,
  	\`import_key\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`deleted_at\` text,
  	FOREIGN KEY (\`image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`author_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`venues_geo_lat_idx\` ON \`venues\` (\`geo_lat\`);`)
  await db.run(sql`CREATE INDEX \`venues_geo_lng_idx\` ON \`venues\` (\`geo_lng\`);`)
  await db.run(sql`CREATE INDEX \`venues_image_idx\` ON \`venues\` (\`image_id\`);`)
  await db.run(sql`CREATE INDEX \`venues_status_idx\` ON \`venues\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`venues_published_at_idx\` ON \`venues\` (\`published_at\`);`)
  await db.run(sql`CREATE INDEX \`venues_author_idx\` ON \`venues\` (\`author_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`venues_slug_idx\` ON \`venues\` (\`slug\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`venues_import_key_idx\` ON \`venues\` (\`import_key\`);`)
  await db.run(sql`CREATE INDEX \`venues_updated_at_idx\` ON \`venues\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`venues_created_at_idx\` ON \`venues\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`venues_deleted_at_idx\` ON \`venues\` (\`deleted_at\`);`)
  await db.run(sql`CREATE TABLE \`venues_locales\` (
  	\`name\` text NOT NULL,
  	\`description\` text,
  	\`excerpt\` text,
  	\`address\` text,
  	\`city\` text,
  	\`state\` text,
  	\`province\` text,
  	\`country\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`venues\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`venues_locales_locale_parent_id_unique\` ON \`venues_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`organizers\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`email\` text,
  	\`phone\` text,
  	\`website\` text,
  	\`image_id\` integer,
  	\`status\` text DEFAULT 'publish' NOT NULL,
  	\`published_at\` text,
  	\`author_id\` integer,
  	\`slug\` text,
  	\`import_key\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`deleted_at\` text,
  	FOREIGN KEY (\`image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`author_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`organizers_image_idx\` ON \`organizers\` (\`image_id\`);`)
  await db.run(sql`CREATE INDEX \`organizers_status_idx\` ON \`organizers\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`organizers_published_at_idx\` ON \`organizers\` (\`published_at\`);`)
  await db.run(sql`CREATE INDEX \`organizers_author_idx\` ON \`organizers\` (\`author_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`organizers_slug_idx\` ON \`organizers\` (\`slug\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`organizers_import_key_idx\` ON \`organizers\` (\`import_key\`);`)
  await db.run(sql`CREATE INDEX \`organizers_updated_at_idx\` ON \`organizers\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`organizers_created_at_idx\` ON \`organizers\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`organizers_deleted_at_idx\` ON \`organizers\` (\`deleted_at\`);`)
  await db.run(sql`CREATE TABLE \`organizers_locales\` (
  	\`name\` text NOT NULL,
  	\`description\` text,
  	\`excerpt\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`organizers\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`organizers_locales_locale_parent_id_unique\` ON \`organizers_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`event_categories\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`parent_id\` integer,
  	\`count\` numeric DEFAULT 0,
  	\`slug\` text,
  	\`import_key\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`event_categories\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`event_categories_parent_idx\` ON \`event_categories\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`event_categories_count_idx\` ON \`event_categories\` (\`count\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`event_categories_slug_idx\` ON \`event_categories\` (\`slug\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`event_categories_import_key_idx\` ON \`event_categories\` (\`import_key\`);`)
  await db.run(sql`CREATE INDEX \`event_categories_updated_at_idx\` ON \`event_categories\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`event_categories_created_at_idx\` ON \`event_categories\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`event_categories_locales\` (
  	\`name\` text NOT NULL,
  	\`description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`event_categories\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`event_categories_locales_locale_parent_id_unique\` ON \`event_categories_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`event_tags\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`count\` numeric DEFAULT 0,
  	\`slug\` text,
  	\`import_key\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`event_tags_count_idx\` ON \`event_tags\` (\`count\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`event_tags_slug_idx\` ON \`event_tags\` (\`slug\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`event_tags_import_key_idx\` ON \`event_tags\` (\`import_key\`);`)
  await db.run(sql`CREATE INDEX \`event_tags_updated_at_idx\` ON \`event_tags\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`event_tags_created_at_idx\` ON \`event_tags\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`event_tags_locales\` (
  	\`name\` text NOT NULL,
  	\`description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`event_tags\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`event_tags_locales_locale_parent_id_unique\` ON \`event_tags_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`media\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`url\` text,
  	\`thumbnail_u_r_l\` text,
  	\`filename\` text,
  	\`mime_type\` text,
  	\`filesize\` numeric,
  	\`width\` numeric,
  	\`height\` numeric,
  	\`focal_x\` numeric,
  	\`focal_y\` numeric
  );
  `)
  await db.run(sql`CREATE INDEX \`media_updated_at_idx\` ON \`media\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`media_created_at_idx\` ON \`media\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`media_filename_idx\` ON \`media\` (\`filename\`);`)
  await db.run(sql`CREATE TABLE \`media_locales\` (
  	\`alt\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`media_locales_locale_parent_id_unique\` ON \`media_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`payload_kv\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`key\` text NOT NULL,
  	\`data\` text NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`payload_kv_key_idx\` ON \`payload_kv\` (\`key\`);`)
  await db.run(sql`CREATE TABLE \`payload_locked_documents\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`global_slug\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_global_slug_idx\` ON \`payload_locked_documents\` (\`global_slug\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_updated_at_idx\` ON \`payload_locked_documents\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_created_at_idx\` ON \`payload_locked_documents\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`users_id\` integer,
  	\`events_id\` integer,
  	\`venues_id\` integer,
  	\`organizers_id\` integer,
  	\`event_categories_id\` integer,
  	\`event_tags_id\` integer,
  	\`media_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`events_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`venues_id\`) REFERENCES \`venues\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`organizers_id\`) REFERENCES \`organizers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`event_categories_id\`) REFERENCES \`event_categories\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`event_tags_id\`) REFERENCES \`event_tags\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_events_id_idx\` ON \`payload_locked_documents_rels\` (\`events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_venues_id_idx\` ON \`payload_locked_documents_rels\` (\`venues_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_organizers_id_idx\` ON \`payload_locked_documents_rels\` (\`organizers_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_event_categories_id_idx\` ON \`payload_locked_documents_rels\` (\`event_categories_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_event_tags_id_idx\` ON \`payload_locked_documents_rels\` (\`event_tags_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE TABLE \`payload_preferences\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`key\` text,
  	\`value\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`payload_preferences_key_idx\` ON \`payload_preferences\` (\`key\`);`)
  await db.run(sql`CREATE INDEX \`payload_preferences_updated_at_idx\` ON \`payload_preferences\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payload_preferences_created_at_idx\` ON \`payload_preferences\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`payload_preferences_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`users_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_preferences\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`payload_preferences_rels_order_idx\` ON \`payload_preferences_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_preferences_rels_parent_idx\` ON \`payload_preferences_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_preferences_rels_path_idx\` ON \`payload_preferences_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_preferences_rels_users_id_idx\` ON \`payload_preferences_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE TABLE \`payload_migrations\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`name\` text,
  	\`batch\` numeric,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`payload_migrations_updated_at_idx\` ON \`payload_migrations\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payload_migrations_created_at_idx\` ON \`payload_migrations\` (\`created_at\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`users_sessions\`;`)
  await db.run(sql`DROP TABLE \`users\`;`)
  await db.run(sql`DROP TABLE \`events\`;`)
  await db.run(sql`DROP TABLE \`events_locales\`;`)
  await db.run(sql`DROP TABLE \`events_rels\`;`)
  await db.run(sql`DROP TABLE \`venues\`;`)
  await db.run(sql`DROP TABLE \`venues_locales\`;`)
  await db.run(sql`DROP TABLE \`organizers\`;`)
  await db.run(sql`DROP TABLE \`organizers_locales\`;`)
  await db.run(sql`DROP TABLE \`event_categories\`;`)
  await db.run(sql`DROP TABLE \`event_categories_locales\`;`)
  await db.run(sql`DROP TABLE \`event_tags\`;`)
  await db.run(sql`DROP TABLE \`event_tags_locales\`;`)
  await db.run(sql`DROP TABLE \`media\`;`)
  await db.run(sql`DROP TABLE \`media_locales\`;`)
  await db.run(sql`DROP TABLE \`payload_kv\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_preferences\`;`)
  await db.run(sql`DROP TABLE \`payload_preferences_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_migrations\`;`)
}
