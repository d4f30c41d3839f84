import type { ResolvedCalendarOptions } from '../types.js'

import { trigramIndexName } from './readIndexes.js'
import { mainTableOf, type SchemaAdapter } from './schemaAdapter.js'

/** Where drizzle keeps the function that builds a table's indexes (a registered symbol, the same in every copy). */
const EXTRA_CONFIG = Symbol.for('drizzle:ExtraConfigBuilder')

type IndexedColumn = { indexConfig?: { opClass?: string } }
type IndexBuilder = { config?: { method?: string; columns?: IndexedColumn[] } }
type DrizzleTable = { [EXTRA_CONFIG]?: (columns: unknown) => Record<string, IndexBuilder | undefined> }

/**
 * Makes the events' search text index (added as a B-tree by `readIndexes`) a GIN index with pg_trgm's operator
 * class, which serves `ILIKE '%word%'`: `search` then looks its words up instead of reading the text of every
 * event in the window. Payload's schema has no words for an index method, so the built index is amended; the
 * adapter creates the pg_trgm extension (shipped with PostgreSQL) before it migrates. Should drizzle ever build
 * its indexes differently, the index is dropped rather than left a B-tree, which could not hold long texts.
 */
export const trigramIndex =
  (options: ResolvedCalendarOptions) =>
  async <A extends { adapter: SchemaAdapter; schema: { tables: Record<string, unknown> } }>({ adapter, schema }: A) => {
    const events = mainTableOf(adapter, options.slugs.events)
    const table = events ? (schema.tables[events] as DrizzleTable | undefined) : undefined
    const build = table?.[EXTRA_CONFIG]
    if (!events || !table || !build) return schema
    const name = trigramIndexName(events)
    table[EXTRA_CONFIG] = (columns) => {
      const indexes = build(columns)
      const index = indexes[name]
      const column = index?.config?.columns?.[0]
      if (index?.config && column?.indexConfig) {
        index.config.method = 'gin'
        column.indexConfig.opClass = 'gin_trgm_ops'
      } else {
        delete indexes[name]
      }
      return indexes
    }
    return schema
  }
