import type { Payload, PayloadRequest } from 'payload'

import { analyzeWritten } from '../../database/plannerStatistics.js'
import { fillSearchText } from '../../hooks/searchText.js'

/**
 * For a migration's `up`: writes the search text of the calendar's records that have none (saved before the
 * version of the plugin that searches their descriptions), so that `search` finds them by every word; with
 * `all`, of every record (after an update that changes what the search text holds). Safe to run again.
 */
export async function migrateSearchText({
  payload,
  req,
  all = false,
}: {
  payload: Payload
  req: Partial<PayloadRequest>
  all?: boolean
}): Promise<Record<string, number>> {
  const written = await fillSearchText(payload, req, { onlyMissing: !all })
  await analyzeWritten(payload, req, written)
  return written
}
