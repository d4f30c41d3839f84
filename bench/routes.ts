export type BenchRoute = { name: string; path: string }

const NAMESPACE = '/api/calendar/events/v1'
const ymd = (date: Date) => date.toISOString().slice(0, 10)

async function getJson(url: string): Promise<any> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`)
  return response.json()
}

/**
 * The routes measured, with real ids from the imported dataset: the first upcoming event, the top-level
 * category with the most events, a word of that event's title, and next month as the date window.
 */
export async function calendarRoutes(server: string): Promise<BenchRoute[]> {
  const { events } = await getJson(`${server}${NAMESPACE}/events`)
  const { categories } = await getJson(`${server}${NAMESPACE}/categories?per_page=100`)
  const event = events[0]
  const category = (categories as { id: number; parent: number; count: number }[])
    .filter((term) => term.parent === 0)
    .sort((a, b) => b.count - a.count)[0]
  const word = (event.title as string).split(/\W+/).sort((a, b) => b.length - a.length)[0].toLowerCase()
  const today = new Date()
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1))
  const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2, 0))
  return [
    { name: 'events list', path: `${NAMESPACE}/events` },
    { name: 'events per_page=50', path: `${NAMESPACE}/events?per_page=50` },
    { name: `events categories=${category.id}`, path: `${NAMESPACE}/events?categories=${category.id}` },
    { name: `events search=${word}`, path: `${NAMESPACE}/events?search=${encodeURIComponent(word)}` },
    {
      name: 'events one month',
      path: `${NAMESPACE}/events?start_date=${ymd(monthStart)}&end_date=${ymd(monthEnd)}`,
    },
    { name: 'event by id', path: `${NAMESPACE}/events/${event.id}` },
    { name: 'event by slug', path: `${NAMESPACE}/events/by-slug/${encodeURIComponent(event.slug)}` },
    { name: 'venues list', path: `${NAMESPACE}/venues` },
    { name: 'organizers list', path: `${NAMESPACE}/organizers` },
    { name: 'categories list', path: `${NAMESPACE}/categories` },
  ]
}

/**
 * Payload's own REST for the page the default events list shows (10 upcoming events, related records populated):
 * the same conditions as our list in its default window (site zone UTC). Anonymous callers see published events
 * only, like ours; for an editor ours lists every status but trash, which is Payload's default anyway.
 */
export function payloadNativeRoute(authenticated: boolean): BenchRoute {
  const today = new Date()
  const start = `${ymd(today)}T00:00:00.000Z`
  const end = `${ymd(new Date(Date.UTC(today.getUTCFullYear() + 2, today.getUTCMonth(), today.getUTCDate())))}T23:59:59.000Z`
  const conditions = [
    ...(authenticated ? [] : ['[status][equals]=publish']),
    '[hideFromListings][not_equals]=true',
    `[startDate][greater_than_equal]=${start}`,
    `[endDate][less_than_equal]=${end}`,
  ]
  const where = conditions.map((condition, index) => `where[and][${index}]${condition}`).join('&')
  return { name: 'Payload REST events', path: `/api/events?limit=10&depth=1&sort=startDate,id&${where}` }
}
