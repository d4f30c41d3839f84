import type { CollectionConfig, Field, FieldHook, JSONField } from 'payload'

import type { ChineseScripts } from '../core/chineseScripts.js'
import type { TraditionalVariant } from '../core/convertChinese.js'
import type { RichText } from '../core/model.js'

import { t3 } from '../core/adminLanguages.js'
import { loadChineseConversion, toSimplified, toTraditional } from '../core/convertChinese.js'
import { convertRichText } from '../richText/convertText.js'

/** A value the calendar wrote by converting another locale's: that locale, and the Traditional variant involved. */
export type Conversion = { from: string; variant: TraditionalVariant }
/** By locale, then field: the values that are conversions, until someone writes that locale's own. */
export type Conversions = Record<string, Record<string, Conversion>>

export type Kind = 'text' | 'richText'
type Convert = (text: string) => string

export const CONVERSIONS_FIELD = 'chineseConversions'

/**
 * Hook context of a write that says which of the written locale's values are conversions (a mark) and which are
 * its own (`null`), whatever they were: the admin's "convert again" and "write my own".
 */
export const MARKING = 'calendarChineseMarking'
export type Marking = Record<string, Conversion | null>

/**
 * Whether a record comes in a Simplified and a Traditional locale: an import then writes each as its source's own
 * text (`ownText`), where a conversion would replace one source's words with the other's.
 */
export function inBothScripts(scripts: ChineseScripts | false, locales: string[]): boolean {
  if (!scripts) return false
  return (
    locales.some((locale) => scripts.simplified.includes(locale)) &&
    locales.some((locale) => locale in scripts.traditional)
  )
}

/** The context of a write whose `fields` are the writer's own text: nothing is converted from or into them. */
export const ownText = (fields: string[]): Record<string, Marking> => ({
  [MARKING]: Object.fromEntries(fields.map((field) => [field, null])),
})

/** The localized text of a collection's top level (through rows, collapsibles and unnamed tabs), by kind. */
export function convertibleFields(fields: Field[]): Record<string, Kind> {
  const found: Record<string, Kind> = {}
  for (const field of fields) {
    if (field.type === 'row' || field.type === 'collapsible')
      Object.assign(found, convertibleFields(field.fields))
    else if (field.type === 'tabs')
      for (const tab of field.tabs)
        if (!('name' in tab)) Object.assign(found, convertibleFields(tab.fields))
    if (!('name' in field) || !('localized' in field) || !field.localized) continue
    if (field.type === 'text' || field.type === 'textarea') found[field.name] = 'text'
    else if (field.type === 'richText') found[field.name] = 'richText'
  }
  return found
}

/** From one Chinese locale into another, with the variant involved; none between two of the same script. */
export function converterOf(
  scripts: ChineseScripts,
  from: string,
  to: string,
): { convert: Convert; variant: TraditionalVariant } | undefined {
  const into = scripts.traditional[to]
  const out = scripts.traditional[from]
  if (into && scripts.simplified.includes(from))
    return { convert: (text) => toTraditional(text, into), variant: into }
  if (out && scripts.simplified.includes(to))
    return { convert: (text) => toSimplified(text, out), variant: out }
  return undefined
}

type Node = { type?: string; text?: string; children?: Node[] }
const nodeHasText = (node: Node | undefined): boolean =>
  Boolean(node?.text?.trim()) || Boolean(node?.children?.some(nodeHasText))

/** Whether a text or rich-text value has any text: an empty one is filled, never kept as someone's own. */
export const hasText = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.trim() !== ''
    : nodeHasText((value as { root?: Node } | null | undefined)?.root)

export const convertValue = (kind: Kind, value: unknown, convert: Convert): unknown =>
  kind === 'text' ? convert(value as string) : convertRichText(value as RichText, convert)

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * Keeps a record's Chinese locales in step as one of them is written (docs/api.md#chinese-in-two-scripts): each
 * text field written fills the other script's locales where they are empty or hold a conversion, and marks them as
 * converted; a written value that differs from the stored one is the writer's own. A value that is a conversion is
 * never converted back. Payload writes every locale of a localized field from `siblingDocWithLocales` but the one
 * being written, so the other locales are set there, in the same write.
 */
const keepInStep =
  (scripts: ChineseScripts | false, fields: Record<string, Kind>): FieldHook =>
  async ({
    context,
    previousValue,
    req,
    siblingData,
    siblingDocWithLocales,
    previousSiblingDoc,
  }) => {
    const conversions: Conversions = structuredClone((previousValue as Conversions) ?? {})
    const written = req.locale
    const all = scripts ? [...scripts.simplified, ...Object.keys(scripts.traditional)] : []
    if (!scripts || !written || !all.includes(written) || !siblingDocWithLocales)
      return nonEmpty(conversions)
    await loadChineseConversion()
    const stored = siblingDocWithLocales as Record<string, Record<string, unknown> | undefined>
    const marking = (context[MARKING] ?? {}) as Marking
    const mine = (conversions[written] ??= {})
    for (const [field, mark] of Object.entries(marking))
      if (mark) mine[field] = mark
      else delete mine[field]
    for (const [field, kind] of Object.entries(fields)) {
      if (!(field in siblingData) || field in marking) continue
      const value = (siblingData as Record<string, unknown>)[field]
      if (mine[field] && !same(value, previousSiblingDoc?.[field])) delete mine[field]
      if (mine[field]) continue
      for (const other of all) {
        const into = converterOf(scripts, written, other)
        if (!into) continue
        const theirs = (conversions[other] ??= {})
        if (hasText(stored[field]?.[other]) && !theirs[field]) continue
        stored[field] = {
          ...stored[field],
          [other]: hasText(value) ? convertValue(kind, value, into.convert) : null,
        }
        if (hasText(value)) theirs[field] = { from: written, variant: into.variant }
        else delete theirs[field]
      }
    }
    return nonEmpty(conversions)
  }

/** The conversions kept, or null when there are none: a record without any is found by `exists: false`. */
function nonEmpty(conversions: Conversions): Conversions | null {
  const kept = Object.entries(conversions).filter(([, byField]) => Object.keys(byField).length)
  return kept.length ? Object.fromEntries(kept) : null
}

/**
 * The record's conversions between Chinese scripts (`Conversions`), kept by the calendar as its text is written;
 * added to each calendar collection with text, whether or not conversion is on, so the schema is the same.
 */
export const withChineseInStep = (
  collection: CollectionConfig,
  scripts: ChineseScripts | false,
  admin: JSONField['admin'] = { hidden: true },
): CollectionConfig => {
  const fields = convertibleFields(collection.fields)
  if (!Object.keys(fields).length) return collection
  const conversions: JSONField = {
    name: CONVERSIONS_FIELD,
    type: 'json',
    label: t3('Simplified and Traditional', '简繁转换', '簡繁轉換'),
    admin,
    hooks: { beforeChange: [keepInStep(scripts, fields)] },
  }
  return { ...collection, fields: [...collection.fields, conversions] }
}

/** Whether a collection keeps its Chinese scripts in step (it has the conversions field). */
export const hasChineseScripts = (collection: CollectionConfig): boolean =>
  collection.fields.some((field) => 'name' in field && field.name === CONVERSIONS_FIELD)
