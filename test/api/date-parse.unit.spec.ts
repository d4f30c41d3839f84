import { formatInTimeZone } from 'date-fns-tz'

import { parseDateInput } from '../../src/core/dates.js'
import { toDateFnsZone } from '../../src/core/timezones.js'

/** The moment the captures of the original were taken: Saturday 2026-11-21 20:30 in New York. */
const NOW = new Date('2026-11-22T01:30:00Z')
const NEW_YORK = 'America/New_York'
const HONG_KONG = 'Asia/Hong_Kong'
const KOLKATA_OFFSET = 'UTC+5:30'
const ZONES = [NEW_YORK, HONG_KONG, KOLKATA_OFFSET]

const parse = (input: unknown, zone: string, now = NOW) => parseDateInput(input, { zone, now })
const utc = (input: unknown, zone: string, now = NOW) =>
  parse(input, zone, now)?.instant.toISOString()
/** The wall-clock time the parsed instant has in `zone`. */
const local = (input: unknown, zone: string, now = NOW) => {
  const parsed = parse(input, zone, now)
  return parsed && formatInTimeZone(parsed.instant, toDateFnsZone(zone), 'yyyy-MM-dd HH:mm:ss')
}

describe('absolute dates without offset are wall-clock time in the zone', () => {
  const cases: [string, string][] = [
    ['2026-12-05', '2026-12-05 00:00:00'],
    ['2026-12-05 20:00', '2026-12-05 20:00:00'],
    ['2026-12-05 20:00:15', '2026-12-05 20:00:15'],
    ['2026-12-05T20:00:15', '2026-12-05 20:00:15'],
    ['2026-12-05T20:00:15.250', '2026-12-05 20:00:15'],
    ['2026/12/05', '2026-12-05 00:00:00'],
    ['12/05/2026', '2026-12-05 00:00:00'],
    ['07/10/2027 10:00', '2027-07-10 10:00:00'],
    ['05.12.2026', '2026-12-05 00:00:00'],
    ['December 5 2026 8pm', '2026-12-05 20:00:00'],
    ['5 December 2026', '2026-12-05 00:00:00'],
    ['Dec 5, 2026 20:00', '2026-12-05 20:00:00'],
    ['Saturday, December 5th, 2026 8:30 p.m.', '2026-12-05 20:30:00'],
  ]
  for (const zone of ZONES) {
    it.each(cases)(`${zone}: %s`, (input, expected) => {
      expect(local(input, zone)).toBe(expected)
      expect(parse(input, zone)!.explicitOffset).toBe(false)
    })
  }

  it('converts with the zone offset of that date', () => {
    expect(utc('2026-12-05 20:00', NEW_YORK)).toBe('2026-12-06T01:00:00.000Z')
    expect(utc('2026-07-05 20:00', NEW_YORK)).toBe('2026-07-06T00:00:00.000Z')
    expect(utc('2026-12-05 20:00', HONG_KONG)).toBe('2026-12-05T12:00:00.000Z')
    expect(utc('2026-12-05 20:00', KOLKATA_OFFSET)).toBe('2026-12-05T14:30:00.000Z')
    expect(utc('2026-12-05T20:00:15.250', 'UTC')).toBe('2026-12-05T20:00:15.250Z')
  })

  it('resolves DST gaps and folds as PHP does', () => {
    // 02:30 does not exist on 2026-03-08 in New York: PHP reads it with the offset before the change (03:30 EDT).
    expect(utc('2026-03-08 02:30', NEW_YORK)).toBe('2026-03-08T07:30:00.000Z')
    // 01:30 happens twice on 2026-11-01: the first one (EDT).
    expect(utc('2026-11-01 01:30', NEW_YORK)).toBe('2026-11-01T05:30:00.000Z')
  })
})

describe('explicit offsets and unix timestamps are instants', () => {
  const cases: [unknown, string][] = [
    ['2026-12-05T20:00:00Z', '2026-12-05T20:00:00.000Z'],
    ['2026-12-05 20:00:00z', '2026-12-05T20:00:00.000Z'],
    ['2026-12-05T20:00:00.123Z', '2026-12-05T20:00:00.123Z'],
    ['2026-12-05T20:00:00+01:00', '2026-12-05T19:00:00.000Z'],
    ['2026-12-05T20:00:00-05:00', '2026-12-06T01:00:00.000Z'],
    ['2026-12-05T20:00:00+0530', '2026-12-05T14:30:00.000Z'],
    ['2026-12-05 20:00 -0500', '2026-12-06T01:00:00.000Z'],
    ['1796418000', '2026-12-04T21:00:00.000Z'],
    ['@1796418000', '2026-12-04T21:00:00.000Z'],
    [1815141600, '2027-07-09T14:00:00.000Z'],
  ]
  for (const zone of ZONES) {
    it.each(cases)(`${zone}: %s`, (input, expected) => {
      expect(utc(input, zone)).toBe(expected)
      expect(parse(input, zone)!.explicitOffset).toBe(true)
    })
  }
})

describe('relative phrases are evaluated against now in the zone', () => {
  // Now is Sat 2026-11-21 20:30 in New York, Sun 2026-11-22 09:30 in Hong Kong, Sun 2026-11-22 07:00 at UTC+5:30.
  const cases: [string, string, string, string][] = [
    ['now', '2026-11-21 20:30:00', '2026-11-22 09:30:00', '2026-11-22 07:00:00'],
    ['today', '2026-11-21 00:00:00', '2026-11-22 00:00:00', '2026-11-22 00:00:00'],
    ['tomorrow', '2026-11-22 00:00:00', '2026-11-23 00:00:00', '2026-11-23 00:00:00'],
    ['yesterday', '2026-11-20 00:00:00', '2026-11-21 00:00:00', '2026-11-21 00:00:00'],
    ['midnight', '2026-11-21 00:00:00', '2026-11-22 00:00:00', '2026-11-22 00:00:00'],
    ['noon', '2026-11-21 12:00:00', '2026-11-22 12:00:00', '2026-11-22 12:00:00'],
    ['tomorrow 10:00', '2026-11-22 10:00:00', '2026-11-23 10:00:00', '2026-11-23 10:00:00'],
    ['10:00 tomorrow', '2026-11-22 00:00:00', '2026-11-23 00:00:00', '2026-11-23 00:00:00'],
    ['yesterday 23:59', '2026-11-20 23:59:00', '2026-11-21 23:59:00', '2026-11-21 23:59:00'],
    ['+1 week', '2026-11-28 20:30:00', '2026-11-29 09:30:00', '2026-11-29 07:00:00'],
    ['-2 days', '2026-11-19 20:30:00', '2026-11-20 09:30:00', '2026-11-20 07:00:00'],
    ['2 days ago', '2026-11-19 20:30:00', '2026-11-20 09:30:00', '2026-11-20 07:00:00'],
    ['+3 hours', '2026-11-21 23:30:00', '2026-11-22 12:30:00', '2026-11-22 10:00:00'],
    ['+1 month', '2026-12-21 20:30:00', '2026-12-22 09:30:00', '2026-12-22 07:00:00'],
    ['next month', '2026-12-21 20:30:00', '2026-12-22 09:30:00', '2026-12-22 07:00:00'],
    ['+1 year -30 minutes', '2027-11-21 20:00:00', '2027-11-22 09:00:00', '2027-11-22 06:30:00'],
    ['15:45', '2026-11-21 15:45:00', '2026-11-22 15:45:00', '2026-11-22 15:45:00'],
    ['next wednesday 4pm', '2026-11-25 16:00:00', '2026-11-25 16:00:00', '2026-11-25 16:00:00'],
    ['wednesday', '2026-11-25 00:00:00', '2026-11-25 00:00:00', '2026-11-25 00:00:00'],
    ['last friday', '2026-11-20 00:00:00', '2026-11-20 00:00:00', '2026-11-20 00:00:00'],
    ['next sunday', '2026-11-22 00:00:00', '2026-11-29 00:00:00', '2026-11-29 00:00:00'],
    ['sunday', '2026-11-22 00:00:00', '2026-11-22 00:00:00', '2026-11-22 00:00:00'],
    ['Dec 5 8pm', '2026-12-05 20:00:00', '2026-12-05 20:00:00', '2026-12-05 20:00:00'],
  ]
  it.each(cases)('%s', (input, newYork, hongKong, offsetZone) => {
    expect([local(input, NEW_YORK), local(input, HONG_KONG), local(input, KOLKATA_OFFSET)]).toEqual(
      [newYork, hongKong, offsetZone],
    )
    expect(parse(input, NEW_YORK)!.explicitOffset).toBe(false)
  })

  it('reads `tomorrow 10:00` in the zone, where it may still be the previous day', () => {
    expect(utc('tomorrow 10:00', NEW_YORK)).toBe('2026-11-22T15:00:00.000Z')
    expect(utc('today', NEW_YORK)).toBe('2026-11-21T05:00:00.000Z')
    expect(utc('+1 week', NEW_YORK)).toBe(new Date(NOW.getTime() + 7 * 86_400_000).toISOString())
  })

  it('keeps the wall-clock time for calendar steps across a DST change, and elapsed time for clock steps', () => {
    const friday = new Date('2026-10-30T16:00:00Z') // 12:00 EDT; New York falls back on 2026-11-01
    expect(local('+1 week', NEW_YORK, friday)).toBe('2026-11-06 12:00:00')
    expect(utc('+1 week', NEW_YORK, friday)).toBe('2026-11-06T17:00:00.000Z')
    expect(local('+3 days', NEW_YORK, friday)).toBe('2026-11-02 12:00:00')
    expect(local('+72 hours', NEW_YORK, friday)).toBe('2026-11-02 11:00:00')
    expect(utc('tomorrow 10:00', NEW_YORK, new Date('2026-10-31T16:00:00Z'))).toBe(
      '2026-11-01T15:00:00.000Z',
    )
    expect(utc('+1 week', HONG_KONG, friday)).toBe('2026-11-06T16:00:00.000Z')
  })

  it('rolls months over like PHP', () => {
    expect(local('2026-01-31 +1 month', HONG_KONG)).toBe('2026-03-03 00:00:00')
  })
})

describe('rejects', () => {
  it.each([
    'not a date',
    'garbage',
    'xyz',
    '',
    '   ',
    '2026-13-40',
    '2026-02-30',
    '2026-02-29',
    '25:00',
    '2026-12-05 25:00',
    '13pm',
    '12/32/2026',
    '0999-12-05',
    'tomorrow garbage',
    'hello 2026-12-05',
    '2026-12-05 2026-12-06',
    '2026-12-05T20:00Z+01:00',
    '+99999 years',
    '99999999999999',
    `2026-12-05${' '.repeat(100)}`,
    '2026-12-05\u0000',
    'now\u0000',
  ])('%j', (input) => {
    for (const zone of ZONES) expect(parse(input, zone)).toBeNull()
  })

  it.each([NaN, Infinity, -Infinity, null, undefined, true, {}, ['2026-12-05'], new Date()])(
    '%p',
    (input) => {
      expect(parse(input, NEW_YORK)).toBeNull()
    },
  )

  it('accepts a leap day only in leap years', () => {
    expect(local('2028-02-29', NEW_YORK)).toBe('2028-02-29 00:00:00')
  })

  it('refuses an unknown zone as a programming error', () => {
    expect(() => parse('now', 'Mars/Olympus')).toThrow(RangeError)
  })
})
