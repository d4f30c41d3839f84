import type { CollectionSlug, Where } from 'payload'

import type { Id } from '../core/model.js'
import type { Reader } from './reader.js'

import { InvalidFilter } from './errors.js'
import { asCaller } from './reader.js'
import { findAll } from './reads.js'

/**
 * Term ids or slugs as ids; a value matching no term is a 400 on `param`. With `descendants`, the child
 * categories of each term are included, at every depth.
 */
export async function resolveTermIds(
  reader: Reader,
  collection: CollectionSlug,
  values: (number | string)[],
  param: string,
  { descendants = false } = {},
): Promise<Id[]> {
  const ids = values.filter((value): value is number => typeof value === 'number')
  const slugs = values.filter((value): value is string => typeof value === 'string')
  const or: Where[] = [
    ...(ids.length ? [{ id: { in: ids } }] : []),
    ...(slugs.length ? [{ slug: { in: slugs } }] : []),
  ]
  const found = await findAll<{ id: Id; slug: string }>(reader, { collection, where: { or } })
  const known = new Set<number | string>(found.flatMap((doc) => [doc.id, doc.slug]))
  if (values.some((value) => !known.has(value))) throw new InvalidFilter(param)
  const matched = found.map((doc) => doc.id)
  return descendants ? withDescendants(reader, collection, matched) : matched
}

async function withDescendants(
  reader: Reader,
  collection: CollectionSlug,
  roots: Id[],
): Promise<Id[]> {
  const docs = await findAll<{ id: Id; parent: Id }>(reader, {
    collection,
    where: { parent: { exists: true } },
  })
  const children = new Map<Id, Id[]>()
  for (const doc of docs) {
    children.set(doc.parent, [...(children.get(doc.parent) ?? []), doc.id])
  }
  const all = new Set(roots)
  const queue = [...roots]
  while (queue.length) {
    for (const child of children.get(queue.pop()!) ?? []) {
      if (all.has(child)) continue
      queue.push(child)
      all.add(child)
    }
  }
  return [...all]
}

/** Checks that every id is a record the caller can see; otherwise a 400 on `param`. */
export async function requireExisting(
  reader: Reader,
  collection: CollectionSlug,
  ids: Id[],
  param: string,
) {
  const { totalDocs } = await reader.req.payload.count({
    ...asCaller(reader),
    collection,
    where: { id: { in: ids } },
  })
  if (totalDocs !== new Set(ids).size) throw new InvalidFilter(param)
}
