import type { Payload, PayloadRequest } from 'payload'

import { analyzeWritten } from '../../database/plannerStatistics.js'
import { type ChineseFillProgress, fillChineseScripts } from '../../hooks/chineseFill.js'

/**
 * For a migration's `up` or a script run once, after the update of the plugin that keeps Simplified and Traditional
 * Chinese in step: gives every record written in one script the other (docs/api.md#chinese-in-two-scripts),
 * reporting each batch to `onProgress`. Safe to run again: what has both scripts is left alone.
 */
export async function migrateChineseScripts({
  payload,
  req,
  onProgress,
}: {
  payload: Payload
  req: Partial<PayloadRequest>
  onProgress?: (progress: ChineseFillProgress) => void
}): Promise<Record<string, number>> {
  const converted = await fillChineseScripts(payload, req, onProgress)
  await analyzeWritten(payload, req, converted)
  return converted
}
