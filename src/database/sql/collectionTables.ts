import type { CollectionSlug, FlattenedField, Payload } from 'payload'

import { columnOf, mainTableOf } from '../adapter.js'
import { isNamespaceReadHook } from './readHooks.js'

/**
 * A field stored in a column of the collection's main table, or of its `_locales` table when localized; `loaded`
 * is false for a field marked `custom: { writeOnly: true }`, which filters may use but no response shows.
 */
export type ColumnField = {
  field: FlattenedField
  column: string
  localized: boolean
  loaded: boolean
}
/** A hasMany relationship, stored as rows of the `_rels` table. */
export type RelationField = { field: FlattenedField; column: string }

/** Where a collection's top-level fields live in the database of Payload's drizzle adapters. */
export type CollectionTables = {
  slug: CollectionSlug
  main: string
  locales: string
  rels: string
  columns: Map<string, ColumnField>
  relations: Map<string, RelationField>
  /**
   * False when a field is of a kind these tables do not describe (groups, arrays, blocks, polymorphic links), or
   * when a value is made when read (virtual fields, read hooks of the field or the collection).
   */
  complete: boolean
}

const SIMPLE = new Set([
  'checkbox',
  'date',
  'email',
  'number',
  'radio',
  'relationship',
  'richText',
  'select',
  'text',
  'textarea',
  'upload',
  'json',
  'code',
])

const cache = new WeakMap<Payload, Map<string, CollectionTables>>()

function describe(payload: Payload, slug: CollectionSlug): CollectionTables {
  const db = payload.db
  const main = mainTableOf(db, slug)!
  const locales = `${main}_locales`
  const rels = `${main}_rels`
  const idField = { name: 'id', type: 'number' } as FlattenedField
  const columns = new Map<string, ColumnField>([
    ['id', { field: idField, column: 'id', localized: false, loaded: true }],
  ])
  const relations = new Map<string, RelationField>()
  const config = payload.collections[slug].config
  let complete = (config.hooks.afterRead ?? []).every(isNamespaceReadHook)
  for (const field of config.flattenedFields) {
    if (!('name' in field) || field.name === 'id') continue
    const readHooks =
      'hooks' in field && Boolean(field.hooks?.afterRead?.length) && field.type !== 'richText'
    const writeOnly = Boolean(field.custom?.writeOnly)
    const virtual = 'virtual' in field && field.virtual
    if (virtual && !readHooks) continue
    const polymorphic = 'relationTo' in field && typeof field.relationTo !== 'string'
    const manyValues =
      'hasMany' in field &&
      field.hasMany &&
      field.type !== 'relationship' &&
      field.type !== 'upload'
    if (
      !SIMPLE.has(field.type) ||
      virtual ||
      polymorphic ||
      manyValues ||
      (readHooks && !writeOnly)
    ) {
      complete = false
      continue
    }
    if ((field.type === 'relationship' || field.type === 'upload') && field.hasMany) {
      const column = columnOf(db, rels, `${field.relationTo}ID`)
      if (column) relations.set(field.name, { field, column })
      else complete = false
      continue
    }
    const localized = Boolean('localized' in field && field.localized)
    const column = columnOf(db, localized ? locales : main, field.name)
    if (column) columns.set(field.name, { field, column, localized, loaded: !writeOnly })
    else complete = false
  }
  return { slug, main, locales, rels, columns, relations, complete }
}

export function collectionTables(payload: Payload, slug: CollectionSlug): CollectionTables {
  let tables = cache.get(payload)
  if (!tables) cache.set(payload, (tables = new Map()))
  let described = tables.get(slug)
  if (!described) tables.set(slug, (described = describe(payload, slug)))
  return described
}
