import type { ReactNode } from 'react'

import type { EventObject } from '../../serialize/wire.js'
import type { PageContext } from '../context.js'

import { dateRangeParts, machineTime } from '../format.js'

/**
 * When an event takes place, on its own clock and in the page's language as `Intl` words a range (`Dec 5, 2027,
 * 8:00 – 11:00 PM`, `2027年12月5日 下午8:00至11:00`), each end a `<time>` with its instant, and the zone's
 * abbreviation; all-day events by their dates alone.
 */
export function EventTime({ event, page }: { event: EventObject; page: PageContext }) {
  const allDay = Boolean(event.all_day)
  const times = {
    startRange: machineTime(event.start_date, event.utc_start_date, allDay),
    endRange: machineTime(event.end_date, event.utc_end_date, allDay),
  }
  const parts = dateRangeParts(event.start_date, event.end_date, page.tag, allDay)
  const content: ReactNode[] = []
  if (parts.every(({ source }) => source === 'shared'))
    content.push(
      <time key="start" dateTime={times.startRange}>
        {parts.map(({ value }) => value).join('')}
      </time>,
    )
  else
    for (const [index, { source, value }] of parts.entries())
      content.push(
        source === 'shared' ? (
          value
        ) : (
          <time key={index} dateTime={times[source]}>
            {value}
          </time>
        ),
      )
  return (
    <span className="pec-time">
      {content}
      {allDay ? (
        <span className="pec-time__all-day"> · {page.messages.allDay}</span>
      ) : (
        <abbr className="pec-time__zone" title={event.timezone}>
          {' '}
          {event.timezone_abbr}
        </abbr>
      )}
    </span>
  )
}
