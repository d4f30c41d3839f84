/**
 * The parts of a recurring event's iCalendar form that the feeds of test/api/recurring-ical.spec.ts do not reach:
 * zones by other names, fixed offsets, and the UTC form for a zone without a `VTIMEZONE`.
 */
import { instantLines } from '../../src/ical/series.js'
import { calendarZone } from '../../src/ical/timezones.js'
import { expandSeries, mostOccurrences } from '../../src/recurrence/expand.js'
import { parseRule } from '../../src/recurrence/rule.js'

test('zones: old names and links by the current name, offsets as a zone of one offset, UTC as Etc/UTC', () => {
  expect(calendarZone('Asia/Calcutta')?.tzid).toBe('Asia/Kolkata')
  const eastern = calendarZone('US/Eastern')!
  expect(eastern.lines).toContain(`TZID:${eastern.tzid}`)
  expect(eastern.lines).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU')
  expect(calendarZone('UTC-5:30')).toEqual({
    tzid: 'UTC-5:30',
    lines: expect.arrayContaining(['TZOFFSETFROM:-0530', 'TZOFFSETTO:-0530']),
  })
  expect(calendarZone('UTC')?.tzid).toBe('Etc/UTC')
})

test('a zone without a VTIMEZONE is written as UTC instants, every kept start but the first an extra date', () => {
  const start = new Date('2027-03-13T17:00:00Z')
  const kept = [0, 1, 2, 3].map((days) => new Date(start.getTime() + days * 86_400_000))
  const lines = instantLines(
    {
      start,
      end: new Date('2027-03-13T18:00:00Z'),
      timezone: 'America/New_York',
      allDay: false,
      rule: parseRule('FREQ=DAILY;COUNT=5'),
      rdates: [],
      exdates: [],
      cancelled: [kept[2]!],
    },
    kept,
  )
  expect(lines).toEqual([
    'DTSTART:20270313T170000Z',
    'DTEND:20270313T180000Z',
    'RDATE:20270314T170000Z,20270316T170000Z',
  ])
})

test('the bound that spares a feed the expansion of most series is never below the expansion', () => {
  const rules = [
    'FREQ=DAILY',
    'FREQ=DAILY;INTERVAL=3',
    'FREQ=WEEKLY;BYDAY=MO,WE,FR',
    'FREQ=WEEKLY;INTERVAL=2',
    'FREQ=MONTHLY;BYDAY=-1FR',
    'FREQ=MONTHLY;BYDAY=TU,TH',
    'FREQ=MONTHLY;BYMONTHDAY=1,15,-1',
    'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
    'FREQ=YEARLY;BYDAY=SU',
    'FREQ=WEEKLY;BYDAY=TU;UNTIL=20280101',
    'FREQ=DAILY;COUNT=40',
  ]
  const horizon = new Date('2031-11-27T00:00:00Z')
  for (const text of rules) {
    for (const timezone of ['Pacific/Kiritimati', 'America/New_York', 'Asia/Kolkata']) {
      const series = {
        start: new Date('2026-12-31T20:00:00Z'),
        end: new Date('2026-12-31T21:00:00Z'),
        timezone,
        allDay: false,
        rule: parseRule(text),
        rdates: ['2027-06-01T10:00'],
        exdates: [],
      }
      const { occurrences } = expandSeries(series, horizon, 100_000)
      expect([text, timezone, mostOccurrences(series, horizon) >= occurrences.length]).toEqual([
        text,
        timezone,
        true,
      ])
    }
  }
})
