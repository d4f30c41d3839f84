'use client'
import type { DefaultCellComponentProps } from 'payload'

import { useTranslation } from '@payloadcms/ui'

import type { Recurrence } from '../core/model.js'

import { isSeries } from '../recurrence/series.js'
import { ruleInWords } from '../recurrence/words.js'
import { intlLocale, useCalendarT } from './language.js'

const mediumDate = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  )

/**
 * The events list's mark of a series: ↻ and its rule in words in the admin's language ("Every week on Tuesday"),
 * or "Repeats" where the words cannot say the rule, or where only extra dates make it repeat; nothing for a single
 * event.
 */
export const RepeatCell = ({ cellData }: DefaultCellComponentProps) => {
  const { i18n } = useTranslation()
  const t = useCalendarT()
  const recurrence = cellData as Recurrence | null | undefined
  if (!isSeries(recurrence)) return null
  const rule = recurrence?.rule?.trim()
  const locale = intlLocale(i18n.language)
  const words = rule && ruleInWords(rule, locale, (day) => mediumDate(day, locale))
  return (
    <span className="pec-repeats">
      <span aria-hidden="true">↻ </span>
      {words || t('repeats')}
    </span>
  )
}
