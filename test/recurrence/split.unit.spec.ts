/**
 * "This and following" (src/recurrence/split.ts): the two series a split makes have, together, exactly the
 * occurrences the one series had, whatever the rule's end (count, date, none), extra and excluded dates, all-day
 * or timed, across daylight-saving changes.
 */
import { expandSeries, type SeriesTiming } from '../../src/recurrence/expand.js'
import { parseRule } from '../../src/recurrence/rule.js'
import { splitSeries } from '../../src/recurrence/split.js'

const HORIZON = new Date('2029-01-01T00:00:00Z')
const starts = (timing: SeriesTiming) =>
  expandSeries(timing, HORIZON, 10_000).occurrences.map(({ start, end }) => [
    start.toISOString(),
    end.toISOString(),
  ])

const CASES: [string, SeriesTiming][] = [
  [
    'weekly with a count, extra and excluded dates, across the change to summer time',
    {
      start: new Date('2027-01-05T00:00:00Z'),
      end: new Date('2027-01-05T01:30:00Z'),
      timezone: 'America/New_York',
      allDay: false,
      rule: parseRule('FREQ=WEEKLY;BYDAY=TU,TH;COUNT=40'),
      rdates: ['2027-02-06T10:00', '2027-05-01T10:00'],
      exdates: ['2027-01-07T19:00', '2027-04-06T19:00'],
    },
  ],
  [
    'monthly on the last Friday until a date',
    {
      start: new Date('2027-01-29T18:30:00Z'),
      end: new Date('2027-01-29T21:00:00Z'),
      timezone: 'Europe/London',
      allDay: false,
      rule: parseRule('FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20271231'),
      rdates: [],
      exdates: ['2027-06-25T18:30'],
    },
  ],
  [
    'all-day on the last day of the month, without end',
    {
      start: new Date('2027-01-30T13:00:00Z'),
      end: new Date('2027-02-01T12:59:59Z'),
      timezone: 'Australia/Sydney',
      allDay: true,
      rule: parseRule('FREQ=MONTHLY;BYMONTHDAY=-1'),
      rdates: ['2027-08-15'],
      exdates: ['2027-05-31'],
    },
  ],
]

test.each(CASES)('%s: the two parts have every occurrence of the whole, once', (_, timing) => {
  const whole = starts(timing)
  for (const index of [1, 5, 9]) {
    const at = new Date(whole[index]![0]!)
    const { before, after } = splitSeries(timing, at)
    const part = (recurrence: typeof before, start: Date, end: Date) =>
      starts({
        ...timing,
        start,
        end,
        rule: recurrence.rule ? parseRule(recurrence.rule) : undefined,
        rdates: recurrence.rdates ?? [],
        exdates: recurrence.exdates ?? [],
      })
    const [, end] = whole[index]!
    expect([
      index,
      [...part(before, timing.start, timing.end), ...part(after, at, new Date(end!))],
    ]).toEqual([index, whole])
  }
})
