/**
 * Recurrence rules as clients write them: what is read, what is refused and why, and the text written back. And
 * the expansion's promises that a comparison with another implementation cannot show: keys, caps, clock changes
 * named in RFC 5545, durations.
 */
import { expandSeries, type SeriesTiming } from '../../src/recurrence/expand.js'
import { formatRule, parseRule, RuleError } from '../../src/recurrence/rule.js'

describe('reading a rule', () => {
  test.each([
    ['FREQ=WEEKLY;BYDAY=TU,TH;COUNT=10', 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=10'],
    ['RRULE:freq=monthly;byday=-1fr', 'FREQ=MONTHLY;BYDAY=-1FR'],
    [
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    ],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1;INTERVAL=1', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1'],
    [
      'FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=MO;UNTIL=20270630T235959Z',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;WKST=SU;UNTIL=20270630T235959Z',
    ],
    ['FREQ=DAILY;UNTIL=20270630', 'FREQ=DAILY;UNTIL=20270630'],
    ['FREQ=DAILY;UNTIL=20270630T190000', 'FREQ=DAILY;UNTIL=20270630T190000'],
  ])('%s is read and written back as %s', (text, written) => {
    expect(formatRule(parseRule(text))).toBe(written)
  })

  test('a rule keeps what it says', () => {
    expect(parseRule('FREQ=MONTHLY;BYDAY=2TU,-1FR;UNTIL=20270630T120000Z')).toEqual({
      freq: 'MONTHLY',
      interval: 1,
      byDay: [
        { weekday: 'TU', ordinal: 2 },
        { weekday: 'FR', ordinal: -1 },
      ],
      byMonthDay: [],
      byMonth: [],
      bySetPos: [],
      until: '2027-06-30T12:00:00Z',
    })
  })

  test.each([
    ['', 'the rule is empty'],
    ['WEEKLY', 'each part is NAME=VALUE, not "WEEKLY"'],
    ['BYDAY=MO', 'FREQ is required'],
    ['FREQ=HOURLY', 'FREQ is one of DAILY, WEEKLY, MONTHLY, YEARLY, not HOURLY'],
    [
      'FREQ=DAILY;BYHOUR=9',
      "BYHOUR is not supported: the time of day comes from the event's start",
    ],
    ['FREQ=YEARLY;BYWEEKNO=20', 'BYWEEKNO is not supported: use BYMONTH with BYDAY'],
    [
      'FREQ=DAILY;FOO=1',
      'FOO is not a part of a rule (FREQ, INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS, WKST, COUNT, UNTIL)',
    ],
    ['FREQ=DAILY;FREQ=WEEKLY', 'FREQ is given twice'],
    ['FREQ=DAILY;INTERVAL=0', 'INTERVAL takes numbers from 1 to 1000, not 0'],
    ['FREQ=DAILY;INTERVAL=2,3', 'INTERVAL takes one value'],
    ['FREQ=WEEKLY;BYDAY=TUE', 'BYDAY takes weekdays such as TU, 2TU or -1FR, not TUE'],
    ['FREQ=WEEKLY;BYDAY=XX', 'BYDAY takes weekdays (MO, TU, WE, TH, FR, SA, SU), not XX'],
    [
      'FREQ=WEEKLY;BYDAY=2TU',
      'BYDAY with an ordinal (2TU, -1FR) needs FREQ=MONTHLY or FREQ=YEARLY',
    ],
    ['FREQ=MONTHLY;BYDAY=6TU', "BYDAY's ordinal is 1 to 5 or -5 to -1 in a monthly rule"],
    ['FREQ=MONTHLY;BYMONTHDAY=0', 'BYMONTHDAY takes numbers from 1 to 31 or -31 to -1, not 0'],
    ['FREQ=MONTHLY;BYMONTHDAY=32', 'BYMONTHDAY takes numbers from 1 to 31 or -31 to -1, not 32'],
    ['FREQ=WEEKLY;BYMONTHDAY=1', 'BYMONTHDAY cannot be used with FREQ=WEEKLY'],
    ['FREQ=YEARLY;BYMONTH=13', 'BYMONTH takes numbers from 1 to 12, not 13'],
    ['FREQ=MONTHLY;BYSETPOS=1', 'BYSETPOS needs BYDAY, BYMONTHDAY or BYMONTH to choose from'],
    ['FREQ=DAILY;COUNT=3;UNTIL=20270101', 'COUNT and UNTIL cannot both be given'],
    ['FREQ=DAILY;COUNT=-1', 'COUNT takes numbers from 1 to 100000, not -1'],
    [
      'FREQ=DAILY;UNTIL=2027-01-01',
      'UNTIL is a date (20270630) or a date and time (20270630T235959Z), not 2027-01-01',
    ],
    ['FREQ=DAILY;UNTIL=20270230', 'UNTIL is not a real date and time: 20270230'],
    ['FREQ=DAILY;UNTIL=20270101T250000Z', 'UNTIL is not a real date and time: 20270101T250000Z'],
  ])('%j is refused: %s', (text, reason) => {
    expect(() => parseRule(text)).toThrow(RuleError)
    expect(() => parseRule(text)).toThrow(reason)
  })
})

const series = (overrides: Partial<SeriesTiming>): SeriesTiming => ({
  start: new Date('2027-01-05T11:00:00Z'),
  end: new Date('2027-01-05T13:00:00Z'),
  timezone: 'Asia/Hong_Kong',
  allDay: false,
  rdates: [],
  exdates: [],
  ...overrides,
})
const HORIZON = new Date('2031-01-01T00:00:00Z')
const starts = (timing: SeriesTiming, cap = 1000) =>
  expandSeries(timing, HORIZON, cap).occurrences.map(
    ({ key, start }) => `${key} ${start.toISOString()}`,
  )

describe('expanding a series', () => {
  test('Tuesdays and Thursdays at 19:00 in Hong Kong until a date, without one and with one more', () => {
    expect(
      starts(
        series({
          rule: parseRule('FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270121'),
          exdates: ['2027-01-12T19:00'],
          rdates: ['2027-02-02T19:00'],
        }),
      ),
    ).toEqual([
      '2027-01-05 2027-01-05T11:00:00.000Z',
      '2027-01-07 2027-01-07T11:00:00.000Z',
      '2027-01-14 2027-01-14T11:00:00.000Z',
      '2027-01-19 2027-01-19T11:00:00.000Z',
      '2027-01-21 2027-01-21T11:00:00.000Z',
      '2027-02-02 2027-02-02T11:00:00.000Z',
    ])
  })

  test('19:00 stays 19:00 across a clock change, and lasts as long as the first', () => {
    const london = expandSeries(
      series({
        start: new Date('2027-03-23T19:00:00Z'),
        end: new Date('2027-03-23T20:30:00Z'),
        timezone: 'Europe/London',
        rule: parseRule('FREQ=WEEKLY;COUNT=2'),
      }),
      HORIZON,
      10,
    ).occurrences
    expect(london.map(({ start, end }) => [start.toISOString(), end.toISOString()])).toEqual([
      ['2027-03-23T19:00:00.000Z', '2027-03-23T20:30:00.000Z'],
      ['2027-03-30T18:00:00.000Z', '2027-03-30T19:30:00.000Z'],
    ])
  })

  test('a time the clock skips is read with the offset before the change, one it repeats as its first instance', () => {
    const newYork = (start: string) =>
      starts(
        series({
          start: new Date(start),
          end: new Date(start),
          timezone: 'America/New_York',
          rule: parseRule('FREQ=DAILY;COUNT=3'),
        }),
      )
    // 02:30 on 8 March 2026 does not exist in New York: it is 03:30 EDT.
    expect(newYork('2026-03-07T07:30:00Z')).toEqual([
      '2026-03-07 2026-03-07T07:30:00.000Z',
      '2026-03-08 2026-03-08T07:30:00.000Z',
      '2026-03-09 2026-03-09T06:30:00.000Z',
    ])
    // 01:30 on 1 November 2026 happens twice: the first, EDT.
    expect(newYork('2026-10-31T05:30:00Z')).toEqual([
      '2026-10-31 2026-10-31T05:30:00.000Z',
      '2026-11-01 2026-11-01T05:30:00.000Z',
      '2026-11-02 2026-11-02T06:30:00.000Z',
    ])
  })

  test("the first occurrence is the event's own instant, the second 01:30 of a night the clock goes back too", () => {
    // 06:30Z is 01:30 EST on 1 November 2026, the second 01:30 in New York; the rule's later days are at 01:30.
    const newYork = (rule?: string) =>
      starts(
        series({
          start: new Date('2026-11-01T06:30:00Z'),
          end: new Date('2026-11-01T07:30:00Z'),
          timezone: 'America/New_York',
          rule: rule ? parseRule(rule) : undefined,
        }),
      )
    expect(newYork()).toEqual(['2026-11-01 2026-11-01T06:30:00.000Z'])
    expect(newYork('FREQ=DAILY;COUNT=2')).toEqual([
      '2026-11-01 2026-11-01T06:30:00.000Z',
      '2026-11-02 2026-11-02T06:30:00.000Z',
    ])
  })

  test('a series written to start at a time the clock skips repeats that time, not the one it starts at', () => {
    // 02:30 on 8 March 2026 does not exist in New York: the series starts at 03:30 EDT (07:30Z) and repeats 02:30.
    const newYork = (startWall?: string) =>
      starts(
        series({
          start: new Date('2026-03-08T07:30:00Z'),
          end: new Date('2026-03-08T08:30:00Z'),
          startWall,
          timezone: 'America/New_York',
          rule: parseRule('FREQ=DAILY;COUNT=3'),
        }),
      )
    expect(newYork('2026-03-08T02:30:00')).toEqual([
      '2026-03-08 2026-03-08T07:30:00.000Z',
      '2026-03-09 2026-03-09T06:30:00.000Z',
      '2026-03-10 2026-03-10T06:30:00.000Z',
    ])
    // Without it (a series saved before it was kept), or once it no longer names the start, the start's reading.
    for (const startWall of [undefined, '2026-03-07T02:30:00']) {
      expect(newYork(startWall)).toEqual([
        '2026-03-08 2026-03-08T07:30:00.000Z',
        '2026-03-09 2026-03-09T07:30:00.000Z',
        '2026-03-10 2026-03-10T07:30:00.000Z',
      ])
    }
  })

  test('an all-day series whose first midnight the clock skips begins its other days at midnight', () => {
    // Santiago's 6 September 2026 begins at 01:00 (04:00Z); the 7th at 00:00 (03:00Z).
    expect(
      starts(
        series({
          start: new Date('2026-09-06T04:00:00Z'),
          end: new Date('2026-09-07T02:59:59Z'),
          timezone: 'America/Santiago',
          allDay: true,
          rule: parseRule('FREQ=DAILY;COUNT=2'),
        }),
      ),
    ).toEqual(['2026-09-06 2026-09-06T04:00:00.000Z', '2026-09-07 2026-09-07T03:00:00.000Z'])
  })

  test('the 31st is skipped in months without one; the last day of the month is never skipped', () => {
    const monthly = (rule: string) =>
      starts(
        series({
          start: new Date('2027-01-31T11:00:00Z'),
          end: new Date('2027-01-31T12:00:00Z'),
          rule: parseRule(rule),
        }),
      ).map((line) => line.slice(0, 10))
    expect(monthly('FREQ=MONTHLY;BYMONTHDAY=31;COUNT=4')).toEqual([
      '2027-01-31',
      '2027-03-31',
      '2027-05-31',
      '2027-07-31',
    ])
    expect(monthly('FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=4')).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ])
  })

  test('all-day occurrences span whole local days, as many as the first', () => {
    const { occurrences } = expandSeries(
      series({
        allDay: true,
        start: new Date('2027-01-30T16:00:00Z'),
        end: new Date('2027-02-01T15:59:59Z'),
        rule: parseRule('FREQ=YEARLY;COUNT=2'),
      }),
      HORIZON,
      10,
    )
    expect(
      occurrences.map(({ key, start, end }) => [key, start.toISOString(), end.toISOString()]),
    ).toEqual([
      ['2027-01-31', '2027-01-30T16:00:00.000Z', '2027-02-01T15:59:59.000Z'],
      ['2028-01-31', '2028-01-30T16:00:00.000Z', '2028-02-01T15:59:59.000Z'],
    ])
  })

  test('two starts on one day are told apart by their keys', () => {
    expect(
      starts(series({ rule: parseRule('FREQ=DAILY;COUNT=2'), rdates: ['2027-01-05T21:00'] })),
    ).toEqual([
      '2027-01-05 2027-01-05T11:00:00.000Z',
      '2027-01-05-2 2027-01-05T13:00:00.000Z',
      '2027-01-06 2027-01-06T11:00:00.000Z',
    ])
  })

  test('a series without end stops at the horizon, and at the cap, saying so', () => {
    const weekly = series({ rule: parseRule('FREQ=WEEKLY') })
    const toHorizon = expandSeries(weekly, new Date('2027-02-01T00:00:00Z'), 1000)
    expect([toHorizon.occurrences.length, toHorizon.capped]).toEqual([4, false])
    const capped = expandSeries(weekly, HORIZON, 10)
    expect([capped.occurrences.length, capped.capped, capped.occurrences.at(-1)?.key]).toEqual([
      10,
      true,
      '2027-03-09',
    ])
  })

  describe('extra and excluded dates are starts, matched as instants', () => {
    // Daily at 02:30 in New York from 12 March 2027: on the 14th the clock skips 02:30, and the start is 03:30 EDT.
    const nights = (dates: Partial<SeriesTiming>) =>
      starts(
        series({
          start: new Date('2027-03-12T07:30:00Z'),
          end: new Date('2027-03-12T08:30:00Z'),
          startWall: '2027-03-12T02:30:00',
          timezone: 'America/New_York',
          rule: parseRule('FREQ=DAILY;COUNT=4'),
          ...dates,
        }),
      ).map((start) => start.slice(0, 10))
    const ALL = ['2027-03-12', '2027-03-13', '2027-03-14', '2027-03-15']

    test.each([
      ['the time the list shows', '2027-03-14T03:30'],
      ["the rule's own time of day", '2027-03-14T02:30'],
      ['the same instant in UTC', '2027-03-14T07:30:00Z'],
      ['a date alone: that day at the series time of day', '2027-03-14'],
    ])('an exclusion written as %s excludes the start the clock change moved', (_, date) => {
      expect(nights({ exdates: [date] })).toEqual(ALL.filter((day) => day !== '2027-03-14'))
    })

    test('an exclusion of no start excludes nothing', () => {
      expect(nights({ exdates: ['2027-03-14T04:30', '2027-03-13T00:00'] })).toEqual(ALL)
    })

    test('an extra start given as an instant keeps it, the second 01:30 of a night the clock goes back too', () => {
      const extra = (rdate: string) =>
        starts(series({ timezone: 'America/New_York', rdates: [rdate] })).at(-1)
      expect(extra('2027-11-07T06:30:00Z')).toBe('2027-11-07 2027-11-07T06:30:00.000Z')
      expect(extra('2027-11-07T01:30')).toBe('2027-11-07 2027-11-07T05:30:00.000Z')
      // A date alone is that day at the series' time of day (06:00 in New York, from 11:00Z in January).
      expect(extra('2027-11-10')).toBe('2027-11-10 2027-11-10T11:00:00.000Z')
    })
  })

  test('a series without a rule is its start and its extra dates', () => {
    expect(starts(series({ rdates: ['2027-03-01T19:00', '2027-02-01T19:00Z'] }))).toEqual([
      '2027-01-05 2027-01-05T11:00:00.000Z',
      '2027-02-02 2027-02-01T19:00:00.000Z',
      '2027-03-01 2027-03-01T11:00:00.000Z',
    ])
  })
})
