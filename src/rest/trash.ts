import type { CollectionSlug } from 'payload'

import type { Id } from '../core/model.js'
import type { RestCall } from './route.js'

import { asCaller } from '../query/reader.js'

/** Soft delete: Payload's trash, as the caller (a Local API `delete` would remove the record for good). */
export const moveToTrash = (call: RestCall, collection: CollectionSlug, id: Id) =>
  call.req.payload.update({
    ...asCaller(call),
    collection,
    id,
    data: { deletedAt: new Date().toISOString() } as never,
    trash: true,
  })
