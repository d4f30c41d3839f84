import type { Payload, PayloadRequest } from 'payload'

import { pluginOptionsOf } from '../../core/options.js'
import { analyzeWritten } from '../../database/plannerStatistics.js'
import { fillOccurrenceCounts } from '../../hooks/occurrenceCounts.js'
import { fillOccurrences } from '../../hooks/occurrences.js'

type MigrationArgs = { payload: Payload; req: Partial<PayloadRequest> }

/** The occurrence tables' statistics, once `filled` events or series had theirs written. */
async function analyzeOccurrences({ payload, req }: MigrationArgs, filled: number) {
  const slugs = pluginOptionsOf(payload.config)?.slugs
  if (slugs)
    await analyzeWritten(payload, req, {
      [slugs.occurrences]: filled,
      [slugs.occurrenceCounts]: filled,
    })
  return filled
}

/**
 * For a migration's `up` after the update of the plugin that keeps each time an event takes place as an
 * occurrence: gives every event saved before it its occurrences. Safe to run again.
 */
export const migrateOccurrences = async (args: MigrationArgs) =>
  analyzeOccurrences(args, await fillOccurrences(args.payload, args.req))

/**
 * For a migration's `up` after the update of the plugin that keeps counts of recurring events' occurrences for the
 * lists' totals: counts the occurrences of every recurring event saved before it. Safe to run again.
 */
export const migrateOccurrenceCounts = async (args: MigrationArgs) =>
  analyzeOccurrences(args, await fillOccurrenceCounts(args.payload, args.req))
