import type { ResolvedCalendarOptions } from '../core/options.js'

import { amendIndexes, mainTableOf } from './adapter.js'
import { trigramIndexName } from './readIndexes.js'

/**
 * Makes the events' search text index (added as a B-tree by `readIndexes`) a GIN index with pg_trgm's operator
 * class, which serves `ILIKE '%word%'`: `search` then looks its words up instead of reading the text of every
 * event in the window. Payload's schema has no words for an index method, so the built index is amended; the
 * adapter creates the pg_trgm extension (shipped with PostgreSQL) before it migrates. Should drizzle ever build
 * its indexes differently, the index is dropped rather than left a B-tree, which could not hold long texts.
 */
export const trigramIndex =
  (options: ResolvedCalendarOptions) =>
  async <A extends { adapter: object; schema: { tables: Record<string, unknown> } }>({
    adapter,
    schema,
  }: A) => {
    const events = mainTableOf(adapter, options.slugs.events)
    if (!events) return schema
    const name = trigramIndexName(events)
    amendIndexes(schema, events, (indexes) => {
      const index = indexes[name]
      const column = index?.config?.columns?.[0]
      if (index?.config && column?.indexConfig) {
        index.config.method = 'gin'
        column.indexConfig.opClass = 'gin_trgm_ops'
      } else {
        delete indexes[name]
      }
    })
    return schema
  }
