import type { ConverterFunction } from 'opencc-js'

import { Converter } from 'opencc-js'

/**
 * How a Traditional locale's text is written, as OpenCC names its conversions from Simplified: `tw` Taiwan's
 * standard character forms, `hk` Hong Kong's, `t` OpenCC's own reference forms (`爲`, `祕`), which no region
 * writes, and `twp` Taiwan's forms and Taiwan's words for mainland ones (`软件` → `軟體`, `视频` → `影片`).
 */
export type TraditionalVariant = 'hk' | 'tw' | 'twp' | 't'

/** No dictionary entry lacks a Han character, so text without one is never changed. */
const HAN = /\p{Script=Han}/u

/**
 * Converters by direction and variant, each made on first use: making one builds its dictionaries' tries, which
 * takes about half a second and 40 MB for Simplified to Traditional.
 */
const converters = new Map<string, ConverterFunction>()

function converter(key: string, build: () => ConverterFunction): ConverterFunction {
  let convert = converters.get(key)
  if (!convert) {
    convert = build()
    converters.set(key, convert)
  }
  return convert
}

/** Simplified Chinese in the characters, and for `twp` the words, of a Traditional variant. */
export function toTraditional(text: string, variant: TraditionalVariant): string {
  if (!HAN.test(text)) return text
  return converter(`to ${variant}`, () => Converter({ from: 'cn', to: variant }))(text)
}

/** Traditional Chinese written in a variant, in Simplified characters (and mainland words, from `twp`). */
export function toSimplified(text: string, fromVariant: TraditionalVariant): string {
  if (!HAN.test(text)) return text
  return converter(`from ${fromVariant}`, () => Converter({ from: fromVariant, to: 'cn' }))(text)
}

/**
 * Text as written and in the other script, in each variant the site writes: what `search` looks for, so that
 * `音乐` and `音樂` find the same records whichever script they were written in.
 */
export function inEveryScript(
  text: string,
  scripts: { traditional: Record<string, TraditionalVariant> },
): string[] {
  if (!HAN.test(text)) return [text]
  const variants = [...new Set(Object.values(scripts.traditional))]
  const forms = [
    text,
    ...variants.map((variant) => toTraditional(text, variant)),
    ...variants.map((variant) => toSimplified(text, variant)),
  ]
  return [...new Set(forms)]
}
