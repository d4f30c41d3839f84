import type { Payload, PayloadRequest } from 'payload'

import { type ChineseFillProgress, fillChineseScripts } from '../../hooks/chineseFill.js'

/**
 * For a migration's `up` or a script run once, after the update of the plugin that keeps Simplified and Traditional
 * Chinese in step: gives every record written in one script the other (docs/api.md#chinese-in-two-scripts),
 * reporting each batch to `onProgress`. Safe to run again: what has both scripts is left alone.
 */
export const migrateChineseScripts = ({
  payload,
  req,
  onProgress,
}: {
  payload: Payload
  req: Partial<PayloadRequest>
  onProgress?: (progress: ChineseFillProgress) => void
}) => fillChineseScripts(payload, req, onProgress)
