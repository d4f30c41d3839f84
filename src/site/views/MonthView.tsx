import type { EventObject } from '../../serialize/wire.js'
import type { ArchiveOf } from '../addresses.js'
import type { PageContext } from '../context.js'

import { monthWeeks } from '../../core/monthGrid.js'
import { hrefOf, pathOfUrl } from '../context.js'
import {
  clockTime,
  dayOf,
  dayOfMonth,
  fullDate,
  monthName,
  weekdayLong,
  weekdayShort,
} from '../format.js'
import { fillMessage } from '../messages.js'
import { Html } from '../parts/Html.js'
import { byDay } from './days.js'

/** Events a day's cell lists before "+N more". */
const SHOWN_IN_A_DAY = 3

/**
 * A month as a table of weeks, a cell a day, each event on the days it covers on its own clock (a multi-day event
 * in each of its days, marked as continuing after the first); a busy day lists a few and links to the day's view.
 * On narrow screens it is a list of the days with events, each showing its weekday, which the day's link name
 * begins with, as the eye reads it.
 */
export function MonthView({
  month,
  events,
  of,
  page,
}: {
  month: string
  events: EventObject[]
  of: ArchiveOf
  page: PageContext
}) {
  const weeks = monthWeeks(month, page.weekStartsOn)
  const days = byDay(events)
  const { messages: m, tag } = page
  return (
    <table className="pec-month">
      <caption className="pec-month__caption">{monthName(month, tag)}</caption>
      <thead>
        <tr>
          {weeks[0]!.map((day) => (
            <th key={day} scope="col" abbr={weekdayLong(day, tag)}>
              {weekdayShort(day, tag)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const onDay = days.get(day) ?? []
              const outside = !day.startsWith(month)
              const dayHref = hrefOf(page, { kind: 'archive', of, view: 'day', day })
              return (
                <td
                  key={day}
                  className={[
                    'pec-month__day',
                    outside ? 'pec-month__day--outside' : '',
                    day === page.today ? 'pec-month__day--today' : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  aria-current={day === page.today ? 'date' : undefined}
                >
                  <a
                    className="pec-month__date"
                    href={dayHref}
                    aria-label={`${weekdayShort(day, tag)} ${dayOfMonth(day, tag)}: ${fullDate(day, tag)}`}
                  >
                    <time dateTime={day}>
                      <span className="pec-month__weekday">{weekdayShort(day, tag)} </span>
                      {dayOfMonth(day, tag)}
                    </time>
                  </a>
                  {onDay.length ? (
                    <ul className="pec-month__events">
                      {onDay.slice(0, SHOWN_IN_A_DAY).map((event) => {
                        const continues = dayOf(event.start_date) < day
                        return (
                          <li
                            key={event.id}
                            className={`pec-month__event${continues ? ' pec-month__event--continues' : ''}`}
                          >
                            <a href={pathOfUrl(event.url)}>
                              {event.all_day || continues ? null : (
                                <time
                                  className="pec-month__time"
                                  dateTime={event.start_date.replace(' ', 'T')}
                                >
                                  {clockTime(event.start_date, tag)}{' '}
                                </time>
                              )}
                              <Html html={event.title} />
                              {continues ? (
                                <span className="pec-visually-hidden"> ({m.continues})</span>
                              ) : null}
                            </a>
                          </li>
                        )
                      })}
                    </ul>
                  ) : null}
                  {onDay.length > SHOWN_IN_A_DAY ? (
                    <a
                      className="pec-month__more"
                      href={dayHref}
                      aria-label={fillMessage(m.moreOn, {
                        count: onDay.length - SHOWN_IN_A_DAY,
                        date: fullDate(day, tag),
                      })}
                    >
                      {fillMessage(m.more, { count: onDay.length - SHOWN_IN_A_DAY })}
                    </a>
                  ) : null}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
