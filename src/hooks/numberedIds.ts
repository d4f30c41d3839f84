import type {
  CollectionSlug,
  CollectionAfterOperationHook,
  CollectionBeforeOperationHook,
  CollectionBeforeValidateHook,
  CollectionConfig,
  Payload,
  SanitizedCollectionConfig,
  Where,
} from 'payload'

import { AsyncLocalStorage } from 'node:async_hooks'

import { sharedState } from '../core/sharedState.js'
import { nextSequence } from '../database/adapter.js'
import { numberOfObjectId, objectIdOf } from '../database/recordIds.js'

/**
 * The calendar's collections on a database without numeric ids of its own (MongoDB): each new record is numbered
 * from a sequence of its collection, stored as the ObjectId that holds the number (`recordIds.ts`), and the
 * namespace's requests see the numbers. The rest of Payload (the admin, its REST API, hooks inside an operation)
 * keeps seeing ObjectIds, so nothing else changes.
 */

/** Whether the Local API calls made in this async context speak record numbers. */
const speakingNumbers = sharedState('speakingNumbers', () => new AsyncLocalStorage<boolean>())

/**
 * Runs `work` with the Local API calls it makes speaking record numbers, as the namespace's do: numbers in their
 * `id`, `where` and data, numbers in what they return. The calls Payload makes inside those (validations, hooks,
 * population) keep speaking ObjectIds.
 */
export const withRecordNumbers = <T>(work: () => Promise<T>): Promise<T> =>
  speakingNumbers.run(true, work)

/** Marks, in `custom`, the config of a collection whose records are numbered here. */
const NUMBERED = 'calendarNumberedIds'

/**
 * Whether `id` has the form of the ids the namespace speaks for a collection: numbers for the calendar's own (on
 * every database), and for others (users, a site's media) numbers on the SQL adapters, ObjectIds on MongoDB, or the
 * collection's own custom id type.
 */
export function fitsIdsOf(payload: Payload, slug: CollectionSlug, id: number | string): boolean {
  const collection = payload.collections[slug]
  const idType = collection?.config.custom?.[NUMBERED]
    ? 'number'
    : (collection?.customIDType ?? payload.db.defaultIDType)
  return (idType === 'number') === (typeof id === 'number')
}

/** Marks the arguments of a call whose numbers were turned into ObjectIds: its result is turned back. */
const NUMBERED_CALL = Symbol.for('payload-events-calendar.numberedCall')

/** A new record takes the next number of its collection, unless it comes with an id of its own. */
const numberNewRecords: CollectionBeforeValidateHook = async ({
  collection,
  data,
  operation,
  req,
}) => {
  if (operation !== 'create' || !data || data.id != null) return data
  return { ...data, id: objectIdOf(await nextSequence(req.payload.db, collection.slug)) }
}

/** A record number, or a list of them, as stored; ObjectIds and anything else pass as they are. */
const toStored = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(toStored)
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return objectIdOf(value)
  if (typeof value === 'string' && /^\d{1,10}$/.test(value)) return objectIdOf(Number(value))
  return value
}

/** An ObjectId that holds a record number, or a list of them, as the number; anything else as it is. */
const toWire = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(toWire)
  return typeof value === 'string' ? (numberOfObjectId(value) ?? value) : value
}

/** The fields of a collection that hold ids of numbered records: `id`, and links to numbered collections. */
const numberedFieldsOf = (collection: SanitizedCollectionConfig, numbered: ReadonlySet<string>) =>
  new Set([
    'id',
    ...collection.flattenedFields.flatMap((field) =>
      (field.type === 'relationship' || field.type === 'upload') &&
      typeof field.relationTo === 'string' &&
      numbered.has(field.relationTo)
        ? [field.name]
        : [],
    ),
  ])

function storedWhere(where: Where, fields: ReadonlySet<string>): Where {
  return Object.fromEntries(
    Object.entries(where).map(([key, constraint]) => {
      if (key === 'and' || key === 'or')
        return [key, (constraint as Where[]).map((inner) => storedWhere(inner, fields))]
      if (!fields.has(key) || !constraint || typeof constraint !== 'object')
        return [key, constraint]
      const operators = Object.entries(constraint as Record<string, unknown>)
      return [
        key,
        Object.fromEntries(
          operators.map(([op, value]) => [op, op === 'exists' ? value : toStored(value)]),
        ),
      ]
    }),
  )
}

const convertFields = (
  record: Record<string, unknown>,
  fields: ReadonlySet<string>,
  convert: (value: unknown) => unknown,
) => {
  const converted = { ...record }
  for (const field of fields) if (field in converted) converted[field] = convert(converted[field])
  return converted
}

/** The collection with numbered records, seen by number in the namespace's requests. */
export function withNumberedIds(
  collection: CollectionConfig,
  numbered: ReadonlySet<string>,
): CollectionConfig {
  let fields: Set<string> | undefined
  const fieldsOf = (config: SanitizedCollectionConfig) =>
    (fields ??= numberedFieldsOf(config, numbered))
  const before: CollectionBeforeOperationHook = ({ args, collection: config }) => {
    if (!speakingNumbers.getStore()) return args
    // What this call does inside (its validations, hooks, population) speaks ObjectIds again.
    speakingNumbers.enterWith(false)
    const stored = { ...args, [NUMBERED_CALL]: true } as Record<string | symbol, unknown>
    if (stored.id !== undefined) stored.id = toStored(stored.id)
    // `duplicate` is a create that names the record it copies.
    if (stored.duplicateFromID !== undefined)
      stored.duplicateFromID = toStored(stored.duplicateFromID)
    if (stored.where) stored.where = storedWhere(stored.where as Where, fieldsOf(config))
    if (stored.data && typeof stored.data === 'object')
      stored.data = convertFields(
        stored.data as Record<string, unknown>,
        fieldsOf(config),
        toStored,
      )
    return stored as typeof args
  }
  const after: CollectionAfterOperationHook = ({ args, collection: config, result }) => {
    const numbered = (args as Record<symbol, unknown>)[NUMBERED_CALL]
    if (!numbered || !result || typeof result !== 'object') return result
    const wire = (doc: Record<string, unknown>) => convertFields(doc, fieldsOf(config), toWire)
    if ('docs' in result && Array.isArray(result.docs))
      return { ...result, docs: result.docs.map(wire) }
    return 'id' in result ? wire(result as Record<string, unknown>) : result
  }
  const hooks = collection.hooks ?? {}
  return {
    ...collection,
    custom: { ...collection.custom, [NUMBERED]: true },
    hooks: {
      ...hooks,
      beforeOperation: [before, ...(hooks.beforeOperation ?? [])],
      beforeValidate: [numberNewRecords, ...(hooks.beforeValidate ?? [])],
      afterOperation: [...(hooks.afterOperation ?? []), after],
    },
  }
}
