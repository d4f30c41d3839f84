import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

/**
 * A trigram full-text index over the events' search text, kept by triggers, so that `search` looks its words up
 * instead of reading the text of every event in the list's window (7 ms a search at 10,000 events, 70 at 100,000).
 * External content: the index keeps trigrams only, the text stays in `events.search_text`.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(
    sql`CREATE VIRTUAL TABLE \`events_search_text_fts\` USING fts5(\`search_text\`, content='events', content_rowid='id', tokenize='trigram');`,
  )
  await db.run(sql`CREATE TRIGGER \`events_search_text_fts_insert\` AFTER INSERT ON \`events\` BEGIN
    INSERT INTO \`events_search_text_fts\` (rowid, \`search_text\`) VALUES (new.\`id\`, new.\`search_text\`);
  END;`)
  await db.run(sql`CREATE TRIGGER \`events_search_text_fts_delete\` AFTER DELETE ON \`events\` BEGIN
    INSERT INTO \`events_search_text_fts\` (\`events_search_text_fts\`, rowid, \`search_text\`) VALUES ('delete', old.\`id\`, old.\`search_text\`);
  END;`)
  await db.run(sql`CREATE TRIGGER \`events_search_text_fts_update\` AFTER UPDATE OF \`search_text\` ON \`events\` BEGIN
    INSERT INTO \`events_search_text_fts\` (\`events_search_text_fts\`, rowid, \`search_text\`) VALUES ('delete', old.\`id\`, old.\`search_text\`);
    INSERT INTO \`events_search_text_fts\` (rowid, \`search_text\`) VALUES (new.\`id\`, new.\`search_text\`);
  END;`)
  await db.run(sql`INSERT INTO \`events_search_text_fts\` (\`events_search_text_fts\`) VALUES ('rebuild');`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TRIGGER \`events_search_text_fts_update\`;`)
  await db.run(sql`DROP TRIGGER \`events_search_text_fts_delete\`;`)
  await db.run(sql`DROP TRIGGER \`events_search_text_fts_insert\`;`)
  await db.run(sql`DROP TABLE \`events_search_text_fts\`;`)
}
