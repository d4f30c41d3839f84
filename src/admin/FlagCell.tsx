'use client'
import type { DefaultCellComponentProps } from 'payload'

import { useTranslation } from '@payloadcms/ui'

/** A yes/no flag in the list as a check mark, instead of the raw `true`/`false`. */
export const FlagCell = ({ cellData }: DefaultCellComponentProps) => {
  const { t } = useTranslation()
  return cellData ? (
    <span aria-label={t('general:yes' as never)} title={t('general:yes' as never)}>
      ✓
    </span>
  ) : null
}
