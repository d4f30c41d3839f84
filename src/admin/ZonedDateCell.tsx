'use client'
import type { DefaultCellComponentProps } from 'payload'

import { formatInTimeZone } from 'date-fns-tz'

import { displayZone } from './zonedTime.js'

type Props = DefaultCellComponentProps & { siteTimezone: string }

/** A start or end in the list, as the wall-clock time in the event's own zone (a date only for all-day events). */
export const ZonedDateCell = (props: DefaultCellComponentProps) => {
  const { cellData, rowData, siteTimezone } = props as Props
  if (typeof cellData !== 'string') return null
  const zone = rowData?.timezone as string | undefined
  const pattern = rowData?.allDay ? 'yyyy-MM-dd' : 'yyyy-MM-dd HH:mm'
  return (
    <span title={zone ?? siteTimezone}>
      {formatInTimeZone(cellData, displayZone(zone, siteTimezone), pattern)}
      {!rowData?.allDay && zone && zone !== siteTimezone && (
        <small className="pec-zone"> {zone}</small>
      )}
    </span>
  )
}
