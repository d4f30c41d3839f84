/** A route of the mix; events lists also name Payload's own REST for the same page (`native`). */
export type BenchRoute = { name: string; path: string; native?: (authenticated: boolean) => string }

import { formatInTimeZone, fromZonedTime } from 'date-fns-tz'

const NAMESPACE = '/api/calendar/events/v1'
const ymd = (date: Date) => date.toISOString().slice(0, 10)
/** A wall-clock time in the site's zone as the UTC instant Payload compares with. */
const instant = (wallClock: string, timezone: string) =>
  fromZonedTime(wallClock, timezone).toISOString()

async function getJson(url: string): Promise<any> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`)
  return response.json()
}

type Condition = [field: string, operator: string, value: number | string]

/**
 * Payload's own REST for the page an events list shows (related records populated at depth 1), with the same
 * conditions as our list: published events for anonymous callers (an editor sees every status but trash, Payload's
 * default anyway), listed, in the window, sorted alike.
 */
function nativeEvents(conditions: Condition[], limit: number) {
  return (authenticated: boolean) => {
    const all: Condition[] = [
      ...(authenticated ? [] : [['status', 'equals', 'publish'] as Condition]),
      ['hideFromListings', 'not_equals', 'true'],
      ...conditions,
    ]
    const where = all.map(
      ([field, operator, value], index) =>
        `where[and][${index}][${field}][${operator}]=${encodeURIComponent(value)}`,
    )
    return `/api/events?limit=${limit}&depth=1&sort=startDate,id&${where.join('&')}`
  }
}

/** Our default window: from today, 00:00, to the end of the same day two years ahead, in the site's zone. */
function defaultWindow(timezone: string): Condition[] {
  const [year, month, day] = formatInTimeZone(new Date(), timezone, 'yyyy-MM-dd')
    .split('-')
    .map(Number)
  const end = ymd(new Date(Date.UTC(year + 2, month - 1, day)))
  return [
    [
      'startDate',
      'greater_than_equal',
      instant(`${formatInTimeZone(new Date(), timezone, 'yyyy-MM-dd')} 00:00:00`, timezone),
    ],
    ['endDate', 'less_than_equal', instant(`${end} 23:59:59`, timezone)],
  ]
}

/** A category and every category below it, as the `categories` filter takes them. */
function withDescendants(id: number, categories: { id: number; parent: number }[]): number[] {
  const below = categories
    .filter((term) => term.parent === id)
    .flatMap((term) => withDescendants(term.id, categories))
  return [id, ...below]
}

/**
 * The first upcoming single event, past the occurrences of series before it: the same in the dataset with series
 * as in the one without, so that runs on both read the same event and search for the same word.
 */
async function firstSingleEvent(server: string) {
  for (let page = 1; ; page++) {
    const { events } = await getJson(`${server}${NAMESPACE}/events?per_page=50&page=${page}`)
    const single = events.find((item: { recurrence?: unknown }) => !item.recurrence)
    if (single || events.length < 50) return single ?? events[0]
  }
}

/**
 * The routes measured, with real ids from the imported dataset: the first upcoming single event, the top-level
 * category with the most events, a word of that event's title, and next month as the date window.
 */
export async function calendarRoutes(server: string, timezone: string): Promise<BenchRoute[]> {
  const event = await firstSingleEvent(server)
  const { categories } = await getJson(`${server}${NAMESPACE}/categories?per_page=100`)
  const terms = categories as { id: number; parent: number; count: number }[]
  const category = terms.filter((term) => term.parent === 0).sort((a, b) => b.count - a.count)[0]
  const word = (event.title as string)
    .split(/\W+/)
    .sort((a, b) => b.length - a.length)[0]
    .toLowerCase()
  const today = new Date()
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1))
  const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2, 0))
  const window = defaultWindow(timezone)
  return [
    { name: 'events list', path: `${NAMESPACE}/events`, native: nativeEvents(window, 10) },
    {
      name: 'events per_page=50',
      path: `${NAMESPACE}/events?per_page=50`,
      native: nativeEvents(window, 50),
    },
    {
      name: `events categories=${category.id}`,
      path: `${NAMESPACE}/events?categories=${category.id}`,
      native: nativeEvents(
        [...window, ['categories', 'in', withDescendants(category.id, terms).join(',')]],
        10,
      ),
    },
    {
      name: `events search=${word}`,
      path: `${NAMESPACE}/events?search=${encodeURIComponent(word)}`,
      native: nativeEvents([...window, ['searchText', 'like', word]], 10),
    },
    {
      name: 'events one month',
      path: `${NAMESPACE}/events?start_date=${ymd(monthStart)}&end_date=${ymd(monthEnd)}`,
      native: nativeEvents(
        [
          ['startDate', 'greater_than_equal', instant(`${ymd(monthStart)} 00:00:00`, timezone)],
          ['endDate', 'less_than_equal', instant(`${ymd(monthEnd)} 23:59:59`, timezone)],
        ],
        10,
      ),
    },
    { name: 'event by id', path: `${NAMESPACE}/events/${event.id}` },
    {
      name: 'event by slug',
      path: `${NAMESPACE}/events/by-slug/${encodeURIComponent(event.slug)}`,
    },
    { name: 'venues list', path: `${NAMESPACE}/venues` },
    { name: 'organizers list', path: `${NAMESPACE}/organizers` },
    { name: 'categories list', path: `${NAMESPACE}/categories` },
  ]
}
