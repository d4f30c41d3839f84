import type * as OpenCCModule from 'opencc-js'
import type { ConverterFunction } from 'opencc-js'

type OpenCC = typeof OpenCCModule

/**
 * How a Traditional locale's text is written, as OpenCC names its conversions from Simplified: `tw` Taiwan's
 * standard character forms, `hk` Hong Kong's, `t` OpenCC's own reference forms (`爲`, `祕`), which no region
 * writes, and `twp` Taiwan's forms and Taiwan's words for mainland ones (`软件` → `軟體`, `视频` → `影片`).
 */
export type TraditionalVariant = 'hk' | 'tw' | 'twp' | 't'

/** No dictionary entry lacks a Han character, so text without one is never changed. */
const HAN = /\p{Script=Han}/u

let openCC: OpenCC | undefined

/**
 * Loads OpenCC, once per process, before the first conversion. It is imported at run time and never bundled, so a
 * Next.js site compiles its API routes without OpenCC's 2.4 MB of dictionaries, and a process that never converts
 * never loads them.
 */
export async function loadChineseConversion(): Promise<void> {
  openCC ??= (await import(
    /* webpackIgnore: true */ /* turbopackIgnore: true */ 'opencc-js'
  )) as OpenCC
}

function loaded(): OpenCC {
  if (!openCC) throw new Error('Chinese conversion used before loadChineseConversion()')
  return openCC
}

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
  return converter(`to ${variant}`, () => loaded().Converter({ from: 'cn', to: variant }))(text)
}

/** Traditional Chinese written in a variant, in Simplified characters (and mainland words, from `twp`). */
export function toSimplified(text: string, fromVariant: TraditionalVariant): string {
  if (!HAN.test(text)) return text
  return converter(`from ${fromVariant}`, () =>
    loaded().Converter({ from: fromVariant, to: 'cn' }),
  )(text)
}

/**
 * Text as written and in the other script, in each variant the site writes: what `search` looks for, so that
 * `音乐` and `音樂` find the same records whichever script they were written in.
 */
export async function inEveryScript(
  text: string,
  scripts: { traditional: Record<string, TraditionalVariant> },
): Promise<string[]> {
  if (!HAN.test(text)) return [text]
  await loadChineseConversion()
  const variants = [...new Set(Object.values(scripts.traditional))]
  const forms = [
    text,
    ...variants.map((variant) => toTraditional(text, variant)),
    ...variants.map((variant) => toSimplified(text, variant)),
  ]
  return [...new Set(forms)]
}
