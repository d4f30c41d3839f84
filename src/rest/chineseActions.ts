import type { CollectionConfig, CollectionSlug, Endpoint, PayloadRequest } from 'payload'

import type { ChineseScripts } from '../core/chineseScripts.js'

import { loadChineseConversion } from '../core/convertChinese.js'
import {
  type Conversions,
  CONVERSIONS_FIELD,
  convertibleFields,
  converterOf,
  convertValue,
  hasText,
  MARKING,
  type Marking,
} from '../fields/chineseConversions.js'
import { asCaller } from '../query/reader.js'

type Body = { locale?: unknown; fields?: unknown; action?: unknown }

const answer = (status: number, body: object) => Response.json(body, { status })

/**
 * `POST /api/{collection}/{id}/chinese`, for the admin (docs/api.md#chinese-in-two-scripts): `{ locale, action,
 * fields? }` with `action` `convert` (the fields, all of them when none are named, become conversions of the other
 * script's text again, the one they were converted from or else the first with text) or `own` (their text, as it
 * is, becomes the locale's own). As the signed-in user, who must be allowed to edit the record.
 */
export function chineseActions(
  collection: CollectionConfig,
  scripts: ChineseScripts | false,
): Endpoint {
  const kinds = convertibleFields(collection.fields)
  const chinese = scripts ? [...scripts.simplified, ...Object.keys(scripts.traditional)] : []
  return {
    path: '/:id/chinese',
    method: 'post',
    handler: async (req: PayloadRequest) => {
      const body = ((await req.json?.().catch(() => undefined)) ?? {}) as Body
      const { locale, action } = body
      const fields = Array.isArray(body.fields) ? body.fields : Object.keys(kinds)
      if (!scripts || typeof locale !== 'string' || !chinese.includes(locale))
        return answer(400, { message: `locale is one of ${chinese.join(', ') || 'none'}` })
      if (action !== 'convert' && action !== 'own')
        return answer(400, { message: 'action is convert or own' })
      if (!fields.every((field) => typeof field === 'string' && field in kinds))
        return answer(400, { message: `fields are among ${Object.keys(kinds).join(', ')}` })
      await loadChineseConversion()
      const slug = collection.slug as CollectionSlug
      const id = req.routeParams?.id as string
      const doc = (await req.payload.findByID({
        ...asCaller({ req, locale: 'all' }),
        collection: slug,
        id,
      })) as unknown as Record<string, Record<string, unknown> | undefined> & {
        [CONVERSIONS_FIELD]?: Conversions | null
      }
      const marking: Marking = {}
      const data: Record<string, unknown> = {}
      for (const field of fields as string[]) {
        if (action === 'own') {
          marking[field] = null
          continue
        }
        const from =
          doc[CONVERSIONS_FIELD]?.[locale]?.[field]?.from ??
          chinese.find(
            (other) => converterOf(scripts, other, locale) && hasText(doc[field]?.[other]),
          )
        const into = from ? converterOf(scripts, from, locale) : undefined
        if (!from || !into) continue
        data[field] = convertValue(kinds[field]!, doc[field]?.[from], into.convert)
        marking[field] = { from, variant: into.variant }
      }
      const written = await req.payload.update({
        ...asCaller({ req, locale }),
        collection: slug,
        id,
        data,
        context: { [MARKING]: marking },
      })
      return answer(200, {
        [CONVERSIONS_FIELD]:
          (written as unknown as Record<string, unknown>)[CONVERSIONS_FIELD] ?? null,
      })
    },
  }
}
