import type { StaticLabel } from 'payload'

/** A label or help text in the admin's three UI languages (`zh` is Simplified, `zh-TW` Traditional Chinese). */
export const t3 = (en: string, zhHans: string, zhHant: string): StaticLabel => ({
  en,
  zh: zhHans,
  'zh-TW': zhHant,
})
