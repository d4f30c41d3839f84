import type { AdminViewServerProps, TypedLocale, Where } from 'payload'

import { DefaultTemplate } from '@payloadcms/next/templates'
import { getTranslation } from '@payloadcms/translations'
import { Gutter, Link } from '@payloadcms/ui'
import { formatInTimeZone } from 'date-fns-tz'
import { redirect } from 'next/navigation.js'

import type { Recurrence } from '../core/model.js'

import { NAMESPACE } from '../core/constants.js'
import { inDayOrder } from '../core/dayOrder.js'
import { NEW_EVENT_DAY } from '../core/newEventDay.js'
import { toDateFnsZone } from '../core/timezones.js'
import { isSeries } from '../recurrence/series.js'
import { CalendarFeedLinks } from './CalendarFeedLinks.js'
import { CalendarStepNav } from './CalendarStepNav.js'
import { intlLocale } from './language.js'
import { daysWithin, monthOrDefault, monthWeeks, shiftMonth } from '../core/monthGrid.js'
import { displayZone } from './zonedTime.js'
import './calendar.css'

type Props = AdminViewServerProps & {
  eventsSlug: string
  occurrencesSlug: string
  siteTimezone: string
}

/** One time an event takes place, with what it has of its own (`collections/occurrences.ts`). */
type Occurrence = {
  endDate: string
  id: number | string
  series: number | string
  startDate: string
  title?: string | null
}

type CalendarEvent = {
  allDay?: boolean | null
  endDate: string
  featured?: boolean | null
  id: number | string
  /** The occurrence's id: one event may take place several times in a month. */
  key?: number | string
  recurrence?: Recurrence | null
  startDate: string
  status?: string
  timezone?: string
  title?: string
}

/** An event as a day cell shows it: its start in its own zone, and in the site's where that reads otherwise. */
type ShownEvent = CalendarEvent & {
  startDay: string
  startTime: string
  siteTime?: string
}

/** Events one grid reads at most; a busier stretch says so and points to the list. */
const GRID_LIMIT = 2000
/** Events shown in a day cell before the rest fold into a link to that day's list. */
const PER_DAY = 4
/** Whole days of slack around the grid, so events in zones far from the site's are not missed. */
const SLACK_MS = 2 * 86_400_000

/**
 * The month view: a grid of weeks with each event on the days it covers in its own time zone, a recurring event
 * on each of its dates (not those cancelled), linked to its edit page; months are navigated by `?month=yyyy-MM`.
 * Reads as the signed-in user, with their access rules.
 */
export async function MonthView({
  eventsSlug,
  occurrencesSlug,
  initPageResult,
  params,
  searchParams,
  siteTimezone,
}: Props) {
  const { locale, permissions, req, visibleEntities } = initPageResult
  const { i18n, payload, user } = req
  const adminRoute = payload.config.routes.admin
  if (!user)
    redirect(`${adminRoute}/login?redirect=${encodeURIComponent(`${adminRoute}/calendar`)}`)

  const t = (key: string, vars?: Record<string, unknown>) =>
    i18n.t(`calendar:${key}` as never, vars as never)
  const siteZone = toDateFnsZone(siteTimezone)
  const today = formatInTimeZone(Date.now(), siteZone, 'yyyy-MM-dd')
  const month = monthOrDefault(searchParams?.month, today)
  const weeks = monthWeeks(month, i18n.language === 'en' ? 0 : 1)
  const days = weeks.flat()
  const gridStart = new Date(`${days[0]}T00:00:00Z`).getTime() - SLACK_MS
  const gridEnd = new Date(`${days.at(-1)}T23:59:59Z`).getTime() + SLACK_MS

  const { docs: occurrences, totalDocs } = await payload.find({
    collection: occurrencesSlug as 'events',
    depth: 0,
    fallbackLocale: false,
    limit: GRID_LIMIT,
    locale: locale?.code as TypedLocale | undefined,
    overrideAccess: false,
    select: { endDate: true, series: true, startDate: true, title: true },
    sort: 'startDate',
    user,
    where: {
      and: [
        { startDate: { less_than_equal: new Date(gridEnd).toISOString() } },
        { endDate: { greater_than_equal: new Date(gridStart).toISOString() } },
        { cancelled: { not_equals: true } },
      ],
    } as Where,
  })
  const shown = occurrences as unknown as Occurrence[]
  const { docs: events } = await payload.find({
    collection: eventsSlug as 'events',
    depth: 0,
    locale: locale?.code as TypedLocale | undefined,
    overrideAccess: false,
    pagination: false,
    select: {
      allDay: true,
      featured: true,
      recurrence: true,
      status: true,
      timezone: true,
      title: true,
    },
    user,
    where: { id: { in: [...new Set(shown.map((occurrence) => occurrence.series))] } } as Where,
  })
  const eventsById = new Map(
    (events as unknown as CalendarEvent[]).map((event) => [event.id, event]),
  )

  const byDay = new Map<string, ShownEvent[]>(days.map((day) => [day, []]))
  for (const occurrence of shown) {
    const series = eventsById.get(occurrence.series)
    if (!series) continue
    const zone = displayZone(series.timezone, siteTimezone)
    const startTime = formatInTimeZone(occurrence.startDate, zone, 'HH:mm:ss')
    const siteTime = formatInTimeZone(occurrence.startDate, siteZone, 'HH:mm:ss')
    // Each time the event takes place, with the times and the title the occurrence has of its own.
    const event: ShownEvent = {
      ...series,
      key: occurrence.id,
      startDate: occurrence.startDate,
      endDate: occurrence.endDate,
      title: occurrence.title || series.title,
      startDay: formatInTimeZone(occurrence.startDate, zone, 'yyyy-MM-dd'),
      startTime,
      siteTime: series.allDay || siteTime === startTime ? undefined : siteTime,
    }
    const last = formatInTimeZone(event.endDate, zone, 'yyyy-MM-dd')
    for (const day of daysWithin(
      event.startDay,
      last < event.startDay ? event.startDay : last,
      days,
    ))
      byDay.get(day)!.push(event)
  }
  for (const [day, onDay] of byDay)
    byDay.set(
      day,
      inDayOrder(day, onDay, (event) => ({
        allDay: Boolean(event.allDay),
        startDay: event.startDay,
        startTime: event.startTime,
        instant: event.startDate,
      })),
    )

  const language = intlLocale(i18n.language)
  const monthTitle = new Intl.DateTimeFormat(language, {
    month: 'long',
    timeZone: 'UTC',
    year: 'numeric',
  }).format(new Date(`${month}-01T00:00:00Z`))
  const weekday = new Intl.DateTimeFormat(language, { timeZone: 'UTC', weekday: 'short' })
  const longDate = new Intl.DateTimeFormat(language, { timeZone: 'UTC', dateStyle: 'long' })
  const eventsPath = `${adminRoute}/collections/${eventsSlug}`
  const eventsApi = `${payload.config.routes.api}/${NAMESPACE}/events`
  const dayListUrl = (day: string) =>
    `${eventsPath}?where[or][0][and][0][startDate][less_than_equal]=${day}T23:59:59Z` +
    `&where[or][0][and][1][endDate][greater_than_equal]=${day}T00:00:00Z&sort=startDate`

  return (
    <DefaultTemplate
      i18n={i18n}
      locale={locale}
      params={params}
      payload={payload}
      permissions={permissions}
      searchParams={searchParams}
      user={user ?? undefined}
      visibleEntities={visibleEntities}
    >
      <CalendarStepNav
        items={[
          {
            label: getTranslation(
              payload.collections[eventsSlug as 'events'].config.labels.plural,
              i18n,
            ),
            url: eventsPath,
          },
          { label: monthTitle },
        ]}
      />
      <Gutter className="pec-calendar">
        <header className="pec-calendar__header">
          <h1 className="pec-calendar__title">{monthTitle}</h1>
          <nav aria-label={t('monthNavigation')} className="pec-calendar__nav">
            <Link
              className="btn btn--style-secondary btn--size-small"
              href={`?month=${shiftMonth(month, -1)}`}
              rel="prev"
            >
              ‹ {t('previousMonth')}
            </Link>
            <Link
              className="btn btn--style-secondary btn--size-small"
              href={`?month=${today.slice(0, 7)}`}
            >
              {t('thisMonth')}
            </Link>
            <Link
              className="btn btn--style-secondary btn--size-small"
              href={`?month=${shiftMonth(month, 1)}`}
              rel="next"
            >
              {t('nextMonth')} ›
            </Link>
            <Link className="btn btn--style-secondary btn--size-small" href={eventsPath}>
              {t('listView')}
            </Link>
            <Link className="btn btn--style-primary btn--size-small" href={`${eventsPath}/create`}>
              {t('newEvent')}
            </Link>
          </nav>
        </header>
        <p className="pec-muted">{t('calendarZoneNote', { zone: siteTimezone })}</p>
        <CalendarFeedLinks
          feedPath={`${eventsApi}?ical=1&ml_language=${locale?.code ?? ''}`}
          monthPath={`${eventsApi}?ical=1&ml_language=${locale?.code ?? ''}&start_date=${days[0]}&end_date=${days.at(-1)}`}
          serverURL={payload.config.serverURL}
        />
        {totalDocs > shown.length && (
          <p className="pec-calendar__truncated" role="status">
            {t('truncated', { shown: shown.length, total: totalDocs })}
          </p>
        )}
        <table className="pec-calendar__grid">
          <thead>
            <tr>
              {weeks[0].map((day) => (
                <th key={day} scope="col">
                  {weekday.format(new Date(`${day}T00:00:00Z`))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((day) => {
                  const events = byDay.get(day)!
                  const classes = [
                    'pec-day',
                    day.startsWith(month) ? '' : 'pec-day--outside',
                    day === today ? 'pec-day--today' : '',
                    events.length ? '' : 'pec-day--empty',
                  ]
                  return (
                    <td className={classes.filter(Boolean).join(' ')} data-day={day} key={day}>
                      <div className="pec-day__number">{Number(day.slice(8))}</div>
                      <Link
                        aria-label={t('newEventOn', {
                          date: longDate.format(new Date(`${day}T00:00:00Z`)),
                        })}
                        className="pec-day__new"
                        href={`${eventsPath}/create?${NEW_EVENT_DAY}=${day}`}
                      >
                        <span aria-hidden="true">+</span>
                      </Link>
                      <ul className="pec-day__events">
                        {events.slice(0, PER_DAY).map((event) => (
                          <li key={event.key ?? event.id}>
                            <Link
                              className={`pec-event pec-event--${event.status ?? 'publish'}`}
                              href={`${eventsPath}/${event.id}`}
                              title={event.title}
                            >
                              {!event.allDay && (
                                <time className="pec-event__time" dateTime={event.startDate}>
                                  {event.startTime.slice(0, 5)}
                                </time>
                              )}
                              {event.siteTime && (
                                <span
                                  className="pec-event__site-time"
                                  title={t('inSiteZone', {
                                    time: event.siteTime.slice(0, 5),
                                    zone: siteTimezone,
                                  })}
                                >
                                  {t('atSiteTime', { time: event.siteTime.slice(0, 5) })}
                                </span>
                              )}
                              {event.featured && <span aria-hidden="true">★ </span>}
                              {isSeries(event.recurrence) && (
                                <span className="pec-event__repeats" title={t('repeats')}>
                                  <span aria-hidden="true">↻ </span>
                                  <span className="pec-visually-hidden">{t('repeats')}: </span>
                                </span>
                              )}
                              {event.title || t('untitled')}
                            </Link>
                          </li>
                        ))}
                      </ul>
                      {events.length > PER_DAY && (
                        <Link className="pec-day__more" href={dayListUrl(day)}>
                          {t('moreEvents', { count: events.length - PER_DAY })}
                        </Link>
                      )}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </Gutter>
    </DefaultTemplate>
  )
}
