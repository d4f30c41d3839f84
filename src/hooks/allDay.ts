import type { CollectionBeforeChangeHook } from 'payload'

import { formatInTimeZone } from 'date-fns-tz'

import { toDateFnsZone } from '../core/timezones.js'
import { zonedInstant } from '../core/wallTime.js'

/** All-day events span 00:00:00–23:59:59 local time of their zone, whatever times were sent. */
export const allDayBounds: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const allDay = data.allDay ?? originalDoc?.allDay
  if (!allDay) return data
  const zone = toDateFnsZone(data.timezone ?? originalDoc?.timezone ?? 'UTC')
  const start = data.startDate ?? originalDoc?.startDate
  const end = data.endDate ?? originalDoc?.endDate
  if (start)
    data.startDate = zonedInstant(
      `${formatInTimeZone(start, zone, 'yyyy-MM-dd')} 00:00:00`,
      zone,
    ).toISOString()
  if (end)
    data.endDate = zonedInstant(
      `${formatInTimeZone(end, zone, 'yyyy-MM-dd')} 23:59:59`,
      zone,
    ).toISOString()
  return data
}
