import type { TraditionalVariant } from './convertChinese.js'

const TRADITIONAL_VARIANTS: readonly TraditionalVariant[] = ['hk', 'tw', 'twp', 't']

/**
 * Which of a site's locales are written in Simplified Chinese and which in Traditional, in which variant; what it
 * leaves out is read from the locales' codes. `false`: none, the two scripts are not kept in step.
 */
export type ChineseConversionOption =
  | false
  | {
      /** The locales written in Simplified Chinese; given, the whole list. */
      simplified?: string[]
      /** The locales written in Traditional Chinese, each with its variant; given, the whole list. */
      traditional?: Record<string, TraditionalVariant>
    }

export type ChineseScripts = {
  simplified: string[]
  traditional: Record<string, TraditionalVariant>
}

const SIMPLIFIED_REGIONS = ['cn', 'sg', 'my']
const TRADITIONAL_REGIONS = ['tw', 'hk', 'mo']
const HONG_KONG_FORMS_REGIONS = ['hk', 'mo']

/**
 * The script of a Chinese locale, read from its code as BCP 47 (or WordPress, `zh_TW`) writes it: its script
 * (`zh-Hans`, `zh-Hant-HK`), or else its region (`zh-CN`, `zh-TW`); `zh` alone names neither. Traditional is
 * written in Hong Kong's forms for Hong Kong and Macau, and in Taiwan's for Taiwan and for a locale that names no
 * region, since Taiwan's readers are the largest audience of Traditional Chinese (the two differ in a few
 * characters, such as `裡`/`裏` and `著`/`着`, and each reads the other's). Phrase conversion (`twp`) is never a
 * default: it also turns `发布会` into `釋出會` and `文件` into `檔案`, words Taiwan does not use that way.
 */
function scriptOfCode(code: string): 'simplified' | TraditionalVariant | undefined {
  const [language, ...subtags] = code.toLowerCase().split(/[-_]/)
  if (language !== 'zh') return undefined
  const script = subtags.find((subtag) => subtag === 'hans' || subtag === 'hant')
  const region = subtags.find((subtag) => subtag.length === 2) ?? ''
  if (script === 'hans' || (!script && SIMPLIFIED_REGIONS.includes(region))) return 'simplified'
  if (script !== 'hant' && !TRADITIONAL_REGIONS.includes(region)) return undefined
  return HONG_KONG_FORMS_REGIONS.includes(region) ? 'hk' : 'tw'
}

function scriptsFromCodes(locales: string[]): ChineseScripts {
  const scripts: ChineseScripts = { simplified: [], traditional: {} }
  for (const locale of locales) {
    const script = scriptOfCode(locale)
    if (script === 'simplified') scripts.simplified.push(locale)
    else if (script) scripts.traditional[locale] = script
  }
  return scripts
}

/**
 * The Chinese locales kept in step, or false: when the option is false, or when the site lacks locales of one of
 * the two scripts. What the option leaves out is read from the locales' codes.
 */
export function resolveChineseConversion(
  option: ChineseConversionOption | undefined,
  locales: string[],
): ChineseScripts | false {
  if (option === false) return false
  const fromCodes = scriptsFromCodes(locales)
  const scripts: ChineseScripts = {
    simplified: option?.simplified ?? fromCodes.simplified,
    traditional: option?.traditional ?? fromCodes.traditional,
  }
  for (const locale of [...scripts.simplified, ...Object.keys(scripts.traditional)]) {
    if (!locales.includes(locale))
      throw new Error(
        `eventsCalendarPlugin: chineseConversion names "${locale}", which is not one of the locales`,
      )
  }
  for (const [locale, variant] of Object.entries(scripts.traditional)) {
    if (scripts.simplified.includes(locale))
      throw new Error(
        `eventsCalendarPlugin: chineseConversion names "${locale}" both Simplified and Traditional`,
      )
    if (!TRADITIONAL_VARIANTS.includes(variant))
      throw new Error(
        `eventsCalendarPlugin: chineseConversion.traditional["${locale}"] is one of ${TRADITIONAL_VARIANTS.join(', ')}, not "${variant}"`,
      )
  }
  if (!scripts.simplified.length || !Object.keys(scripts.traditional).length) return false
  return scripts
}
