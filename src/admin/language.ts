import { useTranslation } from '@payloadcms/ui'

/** The `Intl` locale for an admin UI language (`zh` is Simplified, `zh-TW` Traditional Chinese). */
export const intlLocale = (language: string): string => (language === 'zh' ? 'zh-CN' : language)

/** The plugin's own admin messages (`src/core/adminMessages.ts`), with `{{name}}` placeholders filled in. */
export function useCalendarT(): (key: string, vars?: Record<string, string>) => string {
  const { t } = useTranslation()
  return (key, vars) => t(`calendar:${key}` as never, vars as never)
}
