'use client'
import { useDocumentInfo, useLocale } from '@payloadcms/ui'

import type { Conversions } from '../fields/chineseConversions.js'

import { useCalendarT, useLocaleName } from './language.js'

/**
 * Under a text field, in the language being edited: that its saved value was converted from the other Chinese
 * script, from which language and in which variant. Its actions are in the sidebar panel (ChineseScriptsField).
 */
export const ConvertedMark = ({ field }: { field: string }) => {
  const t = useCalendarT()
  const localeName = useLocaleName()
  const locale = useLocale()
  const { savedDocumentData } = useDocumentInfo()
  const mark = (savedDocumentData?.chineseConversions as Conversions | null)?.[locale.code]?.[field]
  if (!mark) return null
  return (
    <p className="pec-converted-mark" data-converted-field={field}>
      ⇄{' '}
      {t('chineseFieldConverted', {
        locale: localeName(mark.from),
        variant: t(`variant_${mark.variant}`),
      })}
    </p>
  )
}
