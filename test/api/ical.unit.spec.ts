import type { EventObject } from '../../src/serialize/wire.js'

import { escapeText, foldLine } from '../../src/ical/contentLines.js'
import { googleCalendarLink } from '../../src/ical/googleCalendar.js'
import { htmlToText } from '../../src/ical/htmlText.js'

describe('iCalendar text values', () => {
  test('escapes backslashes, separators and line breaks, and drops control characters', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf\u0007g\th')).toBe('a\\\\b\\;c\\,d\\ne\\nfg\th')
  })

  test('folds at 75 octets, continuation lines at 74 after their space, never inside a character', () => {
    const line = `DESCRIPTION:${'😀'.repeat(40)}`
    const physical = foldLine(line).split('\r\n')
    expect(physical.every((part) => Buffer.byteLength(part) <= 75)).toBe(true)
    expect(physical.slice(1).every((part) => part.startsWith(' '))).toBe(true)
    expect(physical.map((part, index) => (index ? part.slice(1) : part)).join('')).toBe(line)
    expect(foldLine('X'.repeat(75))).toBe('X'.repeat(75))
    expect(foldLine('X'.repeat(76))).toBe(`${'X'.repeat(75)}\r\n X`)
  })

  test('HTML of an answer becomes plain text: entities decoded, paragraphs and breaks as lines', () => {
    expect(htmlToText('<p>Fish &amp; chips</p>\n<p>line<br />two &#039;quoted&#039;</p>')).toBe(
      "Fish & chips\n\nline\ntwo 'quoted'",
    )
  })
})

describe('Google Calendar links', () => {
  const event = {
    title: 'Fish &amp; Chips Fair',
    description: '<p>Bring friends.</p>',
    url: 'https://example.org/event/fish-chips-fair/',
    all_day: true,
    start_date: '2027-03-05 00:00:00',
    end_date: '2027-03-06 23:59:59',
    utc_start_date: '2027-03-04 16:00:00',
    utc_end_date: '2027-03-06 15:59:59',
    timezone: 'Asia/Hong_Kong',
    venue: { venue: 'Pier 7', city: 'Hong Kong' },
  } as unknown as EventObject

  test('an all-day event spans its days, the last one exclusive, in its own zone', () => {
    const link = new URL(googleCalendarLink(event, htmlToText))
    expect(link.origin + link.pathname).toBe('https://calendar.google.com/calendar/render')
    expect(Object.fromEntries(link.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Fish & Chips Fair',
      dates: '20270305/20270307',
      details: 'Bring friends.\n\nhttps://example.org/event/fish-chips-fair/',
      location: 'Pier 7, Hong Kong',
      ctz: 'Asia/Hong_Kong',
    })
  })

  test('a timed event spans its UTC instants', () => {
    const link = new URL(googleCalendarLink({ ...event, all_day: false }, htmlToText))
    expect(link.searchParams.get('dates')).toBe('20270304T160000Z/20270306T155959Z')
  })
})
