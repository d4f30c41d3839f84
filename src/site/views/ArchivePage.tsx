import type { ArchiveOf, ArchiveView } from '../addresses.js'
import type { PageContext } from '../context.js'
import type { ArchiveData, Query } from '../load.js'

import { shiftMonth } from '../../core/monthGrid.js'
import { htmlToText } from '../../ical/htmlText.js'
import { hrefOf } from '../context.js'
import { fullDate, monthName, shiftDay } from '../format.js'
import { fillMessage } from '../messages.js'
import { ArchiveBar, Pager } from '../parts/Nav.js'
import { Subscribe } from '../parts/AddToCalendar.js'
import { DayView } from './DayView.js'
import { ListView } from './ListView.js'
import { MonthView } from './MonthView.js'

/** The heading of an archive: its term's name, and what the view shows. */
export function archiveTitle(data: ArchiveData, of: ArchiveOf, page: PageContext, query: Query) {
  const m = page.messages
  const name = data.title && htmlToText(data.title.name)
  const whose = name
    ? fillMessage(of.kind === 'tag' ? m.eventsTagged : m.eventsIn, { name })
    : m.calendar
  if (data.view === 'month') return `${whose}: ${monthName(data.month, page.tag)}`
  if (data.view === 'day') return `${whose}: ${fullDate(data.day, page.tag)}`
  return query.past ? `${whose}: ${m.pastEvents}` : whose
}

/** The feed filters of an archive's subscription: its category or tag. */
const feedFilters = (of: ArchiveOf): Record<string, string> =>
  of.kind === 'category'
    ? { categories: of.path.split('/').at(-1)! }
    : of.kind === 'tag'
      ? { tags: of.slug }
      : {}

/** An archive's page: its bar, its view of the events, the way to the next ones, and the subscription. */
export function ArchivePage({
  data,
  of,
  view,
  query,
  categories,
  page,
}: {
  data: ArchiveData
  of: ArchiveOf
  view: ArchiveView
  query: Query
  categories: { slug: string; name: string }[]
  page: PageContext
}) {
  const m = page.messages
  const day =
    data.view === 'day' ? data.day : data.view === 'month' ? `${data.month}-01` : page.today
  const archive = (target: ArchiveView) => hrefOf(page, { kind: 'archive', of, ...target })
  const withQuery = (href: string, extra: Record<string, string> = {}) => {
    const params = new URLSearchParams({
      ...(query.search ? { 'tribe-bar-search': query.search } : {}),
      ...(query.category ? { tribe_eventcategory: query.category } : {}),
      ...extra,
    })
    return params.size ? `${href}?${params}` : href
  }
  const past: Record<string, string> = query.past ? { eventDisplay: 'past' } : {}
  const pager =
    data.view === 'list'
      ? {
          label: m.pages,
          previous:
            data.page > 1
              ? {
                  href: withQuery(archive({ view: 'list', page: data.page - 1 }), past),
                  text: m.previousPage,
                }
              : undefined,
          next:
            data.page < data.totalPages
              ? {
                  href: withQuery(archive({ view: 'list', page: data.page + 1 }), past),
                  text: m.nextPage,
                }
              : undefined,
        }
      : data.view === 'month'
        ? {
            label: m.month,
            previous: {
              href: withQuery(archive({ view: 'month', month: shiftMonth(data.month, -1) })),
              text: m.previousMonth,
            },
            next: {
              href: withQuery(archive({ view: 'month', month: shiftMonth(data.month, 1) })),
              text: m.nextMonth,
            },
          }
        : {
            label: m.day,
            previous: {
              href: withQuery(archive({ view: 'day', day: shiftDay(data.day, -1) })),
              text: m.previousDay,
            },
            next: {
              href: withQuery(archive({ view: 'day', day: shiftDay(data.day, 1) })),
              text: m.nextDay,
            },
          }
  return (
    <>
      <h1 className="pec-site__title">{archiveTitle(data, of, page, query)}</h1>
      <ArchiveBar
        of={of}
        current={{ view: view.view, day }}
        page={page}
        categories={categories}
        query={query}
      />
      {data.view === 'month' ? (
        <MonthView month={data.month} events={data.events} of={of} page={page} />
      ) : data.events.length ? (
        data.view === 'list' ? (
          <ListView events={data.events} page={page} />
        ) : (
          <DayView day={data.day} events={data.events} page={page} />
        )
      ) : (
        <p className="pec-empty">
          {data.view === 'list' && !query.past ? m.noUpcoming : m.noEvents}
        </p>
      )}
      <Pager {...pager} />
      {data.view === 'list' ? (
        <p className="pec-past">
          <a
            href={
              query.past
                ? archive({ view: 'list', page: 1 })
                : withQuery(archive({ view: 'list', page: 1 }), { eventDisplay: 'past' })
            }
          >
            {query.past ? m.upcomingEvents : m.pastEvents}
          </a>
        </p>
      ) : null}
      <Subscribe page={page} filters={feedFilters(of)} />
    </>
  )
}
