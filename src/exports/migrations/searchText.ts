import type { Payload, PayloadRequest } from 'payload'

import { fillSearchText } from '../../hooks/searchText.js'

/**
 * For a migration's `up`: writes the search text of the calendar's records that have none (saved before the
 * version of the plugin that searches their descriptions), so that `search` finds them by every word; with
 * `all`, of every record (after an update that changes what the search text holds). Safe to run again.
 */
export const migrateSearchText = ({
  payload,
  req,
  all = false,
}: {
  payload: Payload
  req: Partial<PayloadRequest>
  all?: boolean
}) => fillSearchText(payload, req, { onlyMissing: !all })
