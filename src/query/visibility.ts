import type { Where } from 'payload'

import type { Reader } from './reader.js'

import { POST_STATUSES } from '../core/constants.js'
import { InvalidFilter } from './errors.js'

export type StatusScope = {
  where: Where
  /** Whether trashed records are in scope (Payload leaves them out otherwise). */
  trash: boolean
  /** The status as `rest_url` echoes it. */
  echo: string
}

/**
 * Which publication states a list shows. Callers who may not read drafts see `publish` only and get a 400 for any
 * other status; the others see every state but trash by default, and may ask for any, trash included.
 */
export function statusScope(reader: Reader, requested: string[] | undefined): StatusScope {
  if (!reader.options.access.readDrafts({ req: reader.req })) {
    if (requested?.some((status) => status !== 'publish')) throw new InvalidFilter('status')
    return { where: { status: { equals: 'publish' } }, trash: false, echo: 'publish' }
  }
  if (!requested)
    return { where: { status: { in: [...POST_STATUSES] } }, trash: false, echo: 'any' }
  const live = requested.filter((status) => status !== 'trash')
  const liveWhere: Where = { status: { in: live } }
  if (!requested.includes('trash'))
    return { where: liveWhere, trash: false, echo: requested.join(',') }
  const trashed: Where = { deletedAt: { exists: true } }
  return {
    where: live.length
      ? { or: [trashed, { and: [liveWhere, { deletedAt: { exists: false } }] }] }
      : trashed,
    trash: true,
    echo: requested.join(','),
  }
}
