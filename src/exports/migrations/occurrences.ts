import type { Payload, PayloadRequest } from 'payload'

import { fillOccurrenceCounts } from '../../hooks/occurrenceCounts.js'
import { fillOccurrences } from '../../hooks/occurrences.js'

/**
 * For a migration's `up` after the update of the plugin that keeps each time an event takes place as an
 * occurrence: gives every event saved before it its occurrences. Safe to run again.
 */
export const migrateOccurrences = ({
  payload,
  req,
}: {
  payload: Payload
  req: Partial<PayloadRequest>
}) => fillOccurrences(payload, req)

/**
 * For a migration's `up` after the update of the plugin that keeps counts of recurring events' occurrences for the
 * lists' totals: counts the occurrences of every recurring event saved before it. Safe to run again.
 */
export const migrateOccurrenceCounts = ({
  payload,
  req,
}: {
  payload: Payload
  req: Partial<PayloadRequest>
}) => fillOccurrenceCounts(payload, req)
