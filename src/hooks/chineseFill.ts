import type { CollectionSlug, Payload, PayloadRequest, TypedLocale } from 'payload'

import { pluginOptionsOf } from '../core/options.js'
import { forEachBatch, inOneTransaction } from '../database/batches.js'
import { CONVERSIONS_FIELD, convertibleFields, hasText } from '../fields/chineseConversions.js'

/** Records read per query while converting, and written per transaction. */
const BATCH = 200

export type ChineseFillProgress = { collection: string; read: number; converted: number }

type Localized = Record<string, Record<string, unknown> | undefined> & { id: number | string }

/**
 * Gives the calendar's records written in one Chinese script the other (docs/api.md#chinese-in-two-scripts):
 * each text a record has in a Chinese locale, where a locale of the other script has none, is written again in
 * its own locale, and the conversion hook fills the other. What has text in both scripts is left alone, so it is
 * safe to run again: a second run converts nothing. Returns how many records it converted, by collection.
 */
export async function fillChineseScripts(
  payload: Payload,
  req: Partial<PayloadRequest>,
  onProgress: (progress: ChineseFillProgress) => void = () => {},
): Promise<Record<string, number>> {
  const options = pluginOptionsOf(payload.config)
  if (!options) throw new Error('fillChineseScripts needs a config with the events calendar plugin')
  const scripts = options.chinese
  const converted: Record<string, number> = {}
  if (!scripts) return converted
  const traditional = Object.keys(scripts.traditional)
  const otherScript = (locale: string) =>
    scripts.simplified.includes(locale) ? traditional : scripts.simplified
  for (const collection of Object.values(options.slugs)) {
    const config = payload.collections[collection as CollectionSlug]?.config
    if (!config?.fields.some((field) => 'name' in field && field.name === CONVERSIONS_FIELD))
      continue
    const fields = Object.keys(convertibleFields(config.fields))
    converted[collection] = 0
    let read = 0
    await forEachBatch<Localized>(
      payload,
      req,
      {
        collection: collection as CollectionSlug,
        locale: 'all',
        select: Object.fromEntries(fields.map((field) => [field, true])),
        size: BATCH,
      },
      async (docs) => {
        const changed = await inOneTransaction(payload, req, async (batch) => {
          let count = 0
          for (const doc of docs) {
            let changed = false
            for (const locale of [...scripts.simplified, ...traditional]) {
              const missing = fields.filter(
                (field) =>
                  hasText(doc[field]?.[locale]) &&
                  otherScript(locale).some((other) => !hasText(doc[field]?.[other])),
              )
              if (!missing.length) continue
              await payload.update({
                collection: collection as CollectionSlug,
                id: doc.id,
                locale: locale as TypedLocale,
                data: Object.fromEntries(missing.map((field) => [field, doc[field]![locale]])),
                depth: 0,
                overrideAccess: true,
                req: batch,
              })
              changed = true
            }
            if (changed) count += 1
          }
          return count
        })
        converted[collection] += changed
        read += docs.length
        onProgress({ collection, read, converted: converted[collection]! })
      },
    )
  }
  return converted
}
