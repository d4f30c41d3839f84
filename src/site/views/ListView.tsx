import type { EventObject } from '../../serialize/wire.js'
import type { PageContext } from '../context.js'

import { monthName } from '../format.js'

/** Events grouped by the month they start in, on their own clocks. */
export function ListView({ events, page }: { events: EventObject[]; page: PageContext }) {
  const months: [string, EventObject[]][] = []
  for (const event of events) {
    const month = event.start_date.slice(0, 7)
    const last = months.at(-1)
    if (last?.[0] === month) last[1].push(event)
    else months.push([month, [event]])
  }
  const { EventCard } = page.parts
  return (
    <div className="pec-list">
      {months.map(([month, inMonth]) => (
        <section key={month} className="pec-list__month" aria-labelledby={`pec-month-${month}`}>
          <h2 id={`pec-month-${month}`} className="pec-list__month-title">
            <time dateTime={month}>{monthName(month, page.tag)}</time>
          </h2>
          <ol className="pec-list__events">
            {inMonth.map((event) => (
              <li key={event.id}>
                <EventCard event={event} page={page} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  )
}
