/** The parts of Payload's drizzle adapters (SQLite, Postgres) that the plugin's schema and database work use. */
export type SchemaAdapter = {
  name: string
  rawTables: Record<string, unknown>
  tableNameMap: Map<string, string>
  localesSuffix?: string
  relationshipsSuffix?: string
}

/** The main table of a collection: Payload names it after the slug in snake case unless the collection sets `dbName`. */
export const mainTableOf = (adapter: Pick<SchemaAdapter, 'tableNameMap'>, slug: string): string | undefined =>
  adapter.tableNameMap.get(slug.replace(/-/g, '_'))
