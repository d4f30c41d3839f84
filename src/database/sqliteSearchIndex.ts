import type { Payload } from 'payload'

import { SEARCH_TEXT_FIELD } from '../core/constants.js'
import { pluginOptionsOf } from '../core/options.js'
import { rawTablesOf } from './adapter.js'
import { fullTextTable } from './sql/connection.js'

/** The events table and its search text column in this SQLite database, by the plugin's collection of events. */
function searchedColumn(payload: Payload): { table: string; column: string } {
  const eventsSlug = pluginOptionsOf(payload.config)?.slugs.events
  const tables = eventsSlug ? rawTablesOf(payload.db, eventsSlug) : undefined
  const table = tables?.names.main
  const column = tables?.main?.columns[SEARCH_TEXT_FIELD]?.name
  if (payload.db.name !== 'sqlite' || !table || !column) {
    throw new Error(
      'The calendar search index migration is for SQLite databases with the calendar plugin installed',
    )
  }
  return { table, column }
}

const statement = (text: string) => `await db.run(sql\`${text.replace(/`/g, '\\`')}\`)`

/**
 * A trigram full-text index (SQLite FTS5) over the events' search text, kept current by triggers, so that
 * `search` looks its words up instead of reading the text of every event in the list's window (at 10,000 events an
 * uncached search serves 189 requests a second instead of 86). External content: the index keeps trigrams only.
 * Payload's schema cannot describe a virtual table, so this is a migration of its own, made by
 * `payload migrate:create --file payload-events-calendar/migrations/sqlite-search-index`.
 */
export function sqliteSearchIndexMigration(payload: Payload): { upSQL: string; downSQL: string } {
  const { table, column } = searchedColumn(payload)
  const index = fullTextTable(table, column)
  const q = (name: string) => `\`${name}\``
  const insert = `INSERT INTO ${q(index)} (rowid, ${q(column)}) VALUES (new.${q('id')}, new.${q(column)});`
  const remove = `INSERT INTO ${q(index)} (${q(index)}, rowid, ${q(column)}) VALUES ('delete', old.${q('id')}, old.${q(column)});`
  const up = [
    `CREATE VIRTUAL TABLE ${q(index)} USING fts5(${q(column)}, content='${table}', content_rowid='id', tokenize='trigram');`,
    `CREATE TRIGGER ${q(`${index}_insert`)} AFTER INSERT ON ${q(table)} BEGIN ${insert} END;`,
    `CREATE TRIGGER ${q(`${index}_delete`)} AFTER DELETE ON ${q(table)} BEGIN ${remove} END;`,
    `CREATE TRIGGER ${q(`${index}_update`)} AFTER UPDATE OF ${q(column)} ON ${q(table)} BEGIN ${remove} ${insert} END;`,
    `INSERT INTO ${q(index)} (${q(index)}) VALUES ('rebuild');`,
  ]
  const down = [
    `DROP TRIGGER ${q(`${index}_update`)};`,
    `DROP TRIGGER ${q(`${index}_delete`)};`,
    `DROP TRIGGER ${q(`${index}_insert`)};`,
    `DROP TABLE ${q(index)};`,
  ]
  return { upSQL: up.map(statement).join('\n'), downSQL: down.map(statement).join('\n') }
}
