import { createElement as h } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

import type { EventObject } from '../../src/serialize/wire.js'
import type { CalendarParts, PageContext } from '../../src/site/context.js'

import { DEFAULT_URL_TEMPLATES } from '../../src/core/constants.js'
import { pageLanguage } from '../../src/site/messages.js'
import { EventCard } from '../../src/site/parts/EventCard.js'
import { DayView } from '../../src/site/views/DayView.js'
import { EventBody, EventPage } from '../../src/site/views/EventPage.js'
import { ListView } from '../../src/site/views/ListView.js'
import { MonthView } from '../../src/site/views/MonthView.js'

/** An event as the namespace answers it, with what the views read. */
function event(id: number, start: string, end: string, extra: Partial<EventObject> = {}) {
  return {
    id,
    url: `http://example.org/event/e${id}/`,
    rest_url: `http://example.org/api/calendar/events/v1/events/${id}`,
    title: `Event &amp; ${id}`,
    description: '<p>About it</p>',
    excerpt: '',
    image: false,
    all_day: false,
    start_date: start,
    end_date: end,
    utc_start_date: start,
    utc_end_date: end,
    timezone: 'UTC',
    timezone_abbr: 'UTC',
    cost: '',
    website: '',
    categories: [],
    tags: [],
    venue: [],
    organizer: [],
    ...extra,
  } as unknown as EventObject
}

const page = (locale: string, parts: Partial<CalendarParts> = {}): PageContext => ({
  locale,
  ...pageLanguage(locale),
  book: {
    urls: DEFAULT_URL_TEMPLATES,
    locales: ['en', 'zh-hans', 'zh-hant'],
    defaultLocale: 'en',
    defaultView: 'list',
  },
  weekStartsOn: 1,
  today: '2027-03-10',
  namespaceURL: 'http://example.org/api/calendar/events/v1',
  serverURL: 'http://example.org',
  categoryPaths: {},
  parts: { EventCard, EventBody, ...parts },
})

describe("the pages' views", () => {
  test('a month is a table of its weeks, each event on the days it covers, a busy day cut to three with the rest linked', () => {
    const events = [
      event(1, '2027-03-05 08:00:00', '2027-03-05 09:00:00'),
      event(2, '2027-03-05 07:00:00', '2027-03-05 08:00:00'),
      event(3, '2027-03-04 20:00:00', '2027-03-06 10:00:00'),
      event(4, '2027-03-05 12:00:00', '2027-03-05 13:00:00'),
      event(5, '2027-03-05 00:00:00', '2027-03-05 23:59:59', { all_day: true }),
    ]
    const html = renderToStaticMarkup(
      h(MonthView, { month: '2027-03', events, of: { kind: 'all' }, page: page('en') }),
    )
    expect(html).toMatch(/^<table class="pec-month"><caption[^>]*>March 2027<\/caption>/)
    expect(html.match(/<th scope="col"/g)).toHaveLength(7)
    // March 2027 starts on a Monday and ends on a Wednesday: five weeks, Monday first.
    expect(html.match(/<td /g)).toHaveLength(35)
    const fifth = html.slice(
      html.indexOf('dateTime="2027-03-05"'),
      html.indexOf('dateTime="2027-03-06"'),
    )
    // Continuing and all-day first (the earlier start first), then by time; three shown, two behind "+2 more".
    expect([...fifth.matchAll(/href="\/event\/(e\d)\/"/g)].map((match) => match[1])).toEqual([
      'e3',
      'e5',
      'e2',
    ])
    expect(fifth).toContain('href="/events/2027-03-05/"')
    expect(fifth).toContain('>+2 more<')
    expect(html).toContain('Event &amp; 3')
    expect(html).not.toContain('&amp;amp;')
  })

  test('a day lists its events by time; the week starts as the language has it', () => {
    const html = renderToStaticMarkup(
      h(DayView, {
        day: '2027-03-05',
        events: [
          event(1, '2027-03-05 18:00:00', '2027-03-05 19:00:00'),
          event(2, '2027-03-05 09:00:00', '2027-03-05 10:00:00'),
        ],
        page: page('en'),
      }),
    )
    expect([...html.matchAll(/href="\/event\/(e\d)\/"/g)].map((match) => match[1])).toEqual([
      'e2',
      'e1',
    ])
    const sunday = renderToStaticMarkup(
      h(MonthView, {
        month: '2027-03',
        events: [],
        of: { kind: 'all' },
        page: { ...page('zh-hant'), weekStartsOn: 0 },
      }),
    )
    expect(sunday).toMatch(/<th scope="col" abbr="星期日">週日<\/th>/)
  })

  test("a site's own event card and event body replace the plugin's", () => {
    const parts = {
      EventCard: ({ event }: { event: EventObject }) =>
        h('div', { className: 'own-card' }, event.id),
      EventBody: ({ event }: { event: EventObject }) =>
        h('section', { className: 'own-body' }, event.id),
    }
    const list = renderToStaticMarkup(
      h(ListView, {
        events: [event(7, '2027-03-05 18:00:00', '2027-03-05 19:00:00')],
        page: page('en', parts),
      }),
    )
    expect(list).toContain('<div class="own-card">7</div>')
    expect(list).not.toContain('pec-event-card')
    const single = renderToStaticMarkup(
      h(EventPage, {
        event: event(8, '2027-03-05 18:00:00', '2027-03-05 19:00:00'),
        next: [],
        locked: false,
        page: page('zh-hant', parts),
      }),
    )
    expect(single).toContain('<section class="own-body">8</section>')
    expect(single).toContain('2027年3月5日')
    expect(single).toContain('加入日曆')
  })
})
