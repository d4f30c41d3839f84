import type { CollectionSlug, Where } from 'payload'

import type { Id } from '../core/model.js'
import type { RestCall } from './route.js'

import { lockUntilCommit, nameLock } from '../database/writeLocks.js'
import { invalidParam } from './errors.js'
import { asCaller } from '../query/reader.js'
import { bodyRecordId, isNumeric } from './params.js'
import { findByName } from './sameName.js'
import { within } from './wireNames.js'

type Kind = {
  collection: CollectionSlug
  param: string
  nameKey: string
  /** Validates the fields of an object given in place of an id (a 400 for what is invalid). */
  parse: (record: Record<string, unknown>) => Record<string, unknown>
  /** The stored fields of a record created from such an object. */
  toData: (values: Record<string, unknown>) => Promise<Record<string, unknown>>
}

const asList = (value: unknown): unknown[] => {
  if (Array.isArray(value)) return value
  if (typeof value === 'string')
    return value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
  if (value === null || value === undefined) return []
  return [value]
}

/**
 * The id a list item names, when it is a number or a numeric string (other strings are names or slugs): 0 names
 * none, and a number no id column holds (negative, fractional, beyond 32 bits) is a 400 on the parameter.
 */
function itemId(item: unknown, param: string): number | undefined {
  if (!isNumeric(item)) return undefined
  const id = bodyRecordId(item)
  if (id === undefined) throw invalidParam(param)
  return id
}

async function existing(
  call: RestCall,
  collection: CollectionSlug,
  where: Where,
): Promise<Id | undefined> {
  const { docs } = await call.req.payload.find({
    ...asCaller(call),
    collection,
    limit: 1,
    pagination: false,
    where,
  })
  return docs[0]?.id as Id | undefined
}

/** What a link parameter names, resolved in two steps: every check first, then the records it makes by name. */
export type Linking = () => Promise<Id[]>

/** The records of a link parameter, made once every parameter of the write has been checked. */
const linking =
  (steps: (Id | (() => Promise<Id>))[]): Linking =>
  async () => {
    const ids: Id[] = []
    for (const step of steps) ids.push(typeof step === 'function' ? await step() : step)
    return [...new Set(ids)]
  }

/**
 * Venues or organizers of an event write: ids, `"9,10"`, `{ id }`, or objects of their fields, which create the
 * record or reuse the one with that name, whatever its case (docs/api.md#write-routes). Unknown ids are a 400 on the
 * parameter; 0, `""`, `null` and `[]` name none, so they detach what was linked. Nothing is made until the returned
 * step runs, so that a write refused for another parameter makes nothing, even where the database has no
 * transactions.
 */
export async function resolveLinked(call: RestCall, kind: Kind, value: unknown): Promise<Linking> {
  const steps: (Id | (() => Promise<Id>))[] = []
  const items = asList(value)
  const names = items.map((item) =>
    item && typeof item === 'object' ? (item as Record<string, unknown>)[kind.nameKey] : undefined,
  )
  await lockUntilCommit(
    call.req,
    names
      .filter((name): name is string => typeof name === 'string')
      .map((name) => nameLock(kind.collection, name)),
  )
  for (const item of items) {
    const id = itemId(item, kind.param)
    if (id === 0) continue
    if (id !== undefined) {
      if ((await existing(call, kind.collection, { id: { equals: id } })) === undefined)
        throw invalidParam(kind.param)
      steps.push(id)
    } else if (item && typeof item === 'object' && !Array.isArray(item)) {
      const record = item as Record<string, unknown>
      if (record.id !== undefined) {
        steps.push(...(await (await resolveLinked(call, kind, [record.id]))()))
        continue
      }
      const values = kind.parse(record)
      const name = values[kind.nameKey]
      if (typeof name !== 'string') throw invalidParam(kind.param)
      const found = (await findByName(call, kind.collection, name))?.id
      if (found !== undefined) {
        steps.push(found as Id)
        continue
      }
      steps.push(async () => {
        // The same name may come twice in one write: the first step made it.
        const made = (await findByName(call, kind.collection, name))?.id
        if (made !== undefined) return made as Id
        const created = await within(kind.param, call.options, async () => {
          const data = (await kind.toData(values)) as never
          return call.req.payload.create({ ...asCaller(call), collection: kind.collection, data })
        })
        return created.id as Id
      })
    } else {
      throw invalidParam(kind.param)
    }
  }
  return linking(steps)
}

/**
 * Categories or tags of an event write: ids (unknown ones are a 400), slugs of existing terms, or names, which
 * attach the term of that name (whatever its case) or create it, once the returned step runs.
 */
export async function resolveTerms(
  call: RestCall,
  collection: CollectionSlug,
  param: string,
  value: unknown,
): Promise<Linking> {
  const steps: (Id | (() => Promise<Id>))[] = []
  const items = asList(value)
  const names = items.filter(
    (item): item is string => typeof item === 'string' && itemId(item, param) === undefined,
  )
  await lockUntilCommit(
    call.req,
    names.map((name) => nameLock(collection, name.trim())),
  )
  for (const item of items) {
    const id = itemId(item, param)
    if (id === 0) continue
    if (id !== undefined) {
      if ((await existing(call, collection, { id: { equals: id } })) === undefined)
        throw invalidParam(param)
      steps.push(id)
    } else if (typeof item === 'string' && item.trim()) {
      const name = item.trim()
      const found =
        (await existing(call, collection, { slug: { equals: name } })) ??
        (await findByName(call, collection, name))?.id
      steps.push(
        found ??
          (async () =>
            ((await findByName(call, collection, name))?.id as Id | undefined) ??
            ((
              await call.req.payload.create({
                ...asCaller(call),
                collection,
                data: { name } as never,
              })
            ).id as Id)),
      )
    } else {
      throw invalidParam(param)
    }
  }
  return linking(steps)
}
