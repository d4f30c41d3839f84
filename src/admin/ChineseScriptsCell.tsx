'use client'
import type { DefaultCellComponentProps } from 'payload'

import type { Conversions } from '../fields/chineseConversions.js'

/** The languages of a record that hold text converted from the other Chinese script, with how many values each. */
export const ChineseScriptsCell = ({ cellData }: DefaultCellComponentProps) => {
  const conversions = cellData as Conversions | null | undefined
  if (!conversions) return null
  return (
    <span className="pec-chinese-cell">
      {Object.entries(conversions).map(([locale, fields]) => (
        <em className="pec-badge" key={locale} title={Object.keys(fields).join(', ')}>
          ⇄ {locale} ({Object.keys(fields).length})
        </em>
      ))}
    </span>
  )
}
