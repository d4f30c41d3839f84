import { useConfig, useTranslation } from '@payloadcms/ui'

/** The `Intl` locale for an admin UI language (`zh` is Simplified, `zh-TW` Traditional Chinese). */
export const intlLocale = (language: string): string => (language === 'zh' ? 'zh-CN' : language)

/** The plugin's own admin messages (`src/core/adminMessages.ts`), with `{{name}}` placeholders filled in. */
export function useCalendarT(): (key: string, vars?: Record<string, string>) => string {
  const { t } = useTranslation()
  return (key, vars) => t(`calendar:${key}` as never, vars as never)
}

type Label = string | Record<string, string>

/** A label as the admin's language shows it: itself, or its translation for that language (else the first). */
export function useLabel(): (label: Label | undefined) => string | undefined {
  const { i18n } = useTranslation()
  return (label) =>
    typeof label === 'string' ? label : (label?.[i18n.language] ?? Object.values(label ?? {})[0])
}

/** The name of a content locale, as the site's localization labels it in the admin's language. */
export function useLocaleName(): (code: string) => string {
  const { config } = useConfig()
  const translated = useLabel()
  return (code) =>
    translated(
      config.localization
        ? (config.localization.locales.find((other) => other.code === code)?.label as Label)
        : code,
    ) ?? code
}
