import type { EventObject } from '../../serialize/wire.js'
import type { PageContext } from '../context.js'

import { clockTime, dayOf, machineTime, mediumDate } from '../format.js'

/**
 * When an event takes place, on its own clock with its zone's abbreviation: `5 Mar 2027, 20:00 – 23:00 HKT`, or
 * across days `5 Mar 2027, 20:00 – 6 Mar 2027, 02:00 HKT`; all-day events by their dates alone.
 */
export function EventTime({ event, page }: { event: EventObject; page: PageContext }) {
  const allDay = Boolean(event.all_day)
  const oneDay = dayOf(event.start_date) === dayOf(event.end_date)
  const start = machineTime(event.start_date, event.utc_start_date, allDay)
  const end = machineTime(event.end_date, event.utc_end_date, allDay)
  const date = (wall: string) => mediumDate(wall, page.tag)
  const time = (wall: string) => clockTime(wall, page.tag)
  return (
    <span className="pec-time">
      <time dateTime={start}>
        {date(event.start_date)}
        {allDay ? '' : `, ${time(event.start_date)}`}
      </time>
      {allDay && oneDay ? (
        <span className="pec-time__all-day"> · {page.messages.allDay}</span>
      ) : (
        <>
          {' – '}
          <time dateTime={end}>
            {oneDay ? '' : date(event.end_date)}
            {allDay ? '' : `${oneDay ? '' : ', '}${time(event.end_date)}`}
          </time>
        </>
      )}
      {allDay ? null : (
        <abbr className="pec-time__zone" title={event.timezone}>
          {' '}
          {event.timezone_abbr}
        </abbr>
      )}
    </span>
  )
}
