import type { ResolvedCalendarOptions } from '../core/options.js'

import { SEARCH_TEXT_FIELD } from '../core/constants.js'
import { type RawTable, rawTablesOf } from './adapter.js'

/** The index that makes `search` a lookup on Postgres: created as a B-tree, then turned into GIN (`trigramIndex`). */
export const trigramIndexName = (eventsTable: string) => `${eventsTable}_search_text_trgm_idx`

function addIndex(table: RawTable | undefined, name: string, on: string[]) {
  if (!table || !on.every((column) => column in table.columns)) return
  table.indexes = { ...table.indexes, [name]: { name, on } }
}

/**
 * Indexes Payload's tables lack for the namespace's reads, added to the plugin's own `collections` before Payload
 * builds its schema, so that the host's migrations create them:
 * - events by id with the list columns: counting the events that a filter by links matches reads the index only;
 * - recurring events (a `recurrence` value) with the list columns and their ids: a list's set of recurring events,
 *   whose kept counts make its total (`src/query/occurrenceTotals.ts`), is read from the index alone;
 * - translations (`<collection>_locales`) by record: Payload indexes (`_locale`, `_parent_id`) only, so loading
 *   the translations of a page of records scanned the whole table;
 * - links (`<collection>_rels`) by linked record, field and record: Payload indexes each linked column alone, so a
 *   filter such as "events in these categories" read every link row of its field (23 ms → under 1 ms for a
 *   category with its children at 100,000 events);
 * - on Postgres, the events' search text for `ILIKE` (made a trigram index by `trigramIndex`).
 */
export const readIndexes =
  (options: ResolvedCalendarOptions, collections: string[]) =>
  async <A extends { adapter: { name: string }; schema: unknown }>({ adapter, schema }: A) => {
    for (const slug of collections) {
      const tables = rawTablesOf(adapter, slug)
      if (!tables) continue
      const { locales, rels } = tables.names
      addIndex(tables.locales, `${locales}_parent_idx`, ['_parentID'])
      for (const column of Object.keys(tables.rels?.columns ?? {}).filter((key) =>
        key.endsWith('ID'),
      )) {
        addIndex(tables.rels, `${rels}_${column.slice(0, -2).replace(/-/g, '_')}_path_parent_idx`, [
          column,
          'path',
          'parent',
        ])
      }
    }
    const events = rawTablesOf(adapter, options.slugs.events)
    if (events) {
      const { main } = events.names
      addIndex(events.main, `${main}_id_list_idx`, [
        'id',
        'deletedAt',
        'startDate',
        'endDate',
        'status',
        'hideFromListings',
      ])
      addIndex(events.main, `${main}_series_list_idx`, [
        'recurrence',
        'deletedAt',
        'status',
        'hideFromListings',
        'id',
      ])
      if (adapter.name === 'postgres')
        addIndex(events.main, trigramIndexName(main), [SEARCH_TEXT_FIELD])
    }
    return schema
  }
