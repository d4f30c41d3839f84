/**
 * The Repeat panel's model (src/admin/repeatForm.ts): a stored rule reopens as the choices that make it, rules no
 * preset says stay text, and the preview words the dates on the event's clock in the UI language.
 */
import {
  droppedBy,
  formOf,
  previewOf,
  recurrenceOf,
  weekdayOrdinal,
} from '../../src/admin/repeatForm.js'

const TUESDAY = { date: '2027-01-12', weekday: 'TU' } as const

test.each([
  'FREQ=DAILY',
  'FREQ=DAILY;INTERVAL=2;COUNT=10',
  'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630',
  'FREQ=MONTHLY',
  'FREQ=MONTHLY;BYDAY=2TU;COUNT=6',
  'FREQ=YEARLY;INTERVAL=2',
])('%s reopens as a preset and is written back the same', (rule) => {
  const form = formOf({ rule, rdates: ['2027-02-01T10:00'], exdates: [] }, TUESDAY)
  expect(form.preset).not.toBe('custom')
  expect(recurrenceOf(form, TUESDAY)).toEqual({ rule, rdates: ['2027-02-01T10:00'], exdates: [] })
})

test.each([
  'FREQ=MONTHLY;BYMONTHDAY=-1',
  'FREQ=MONTHLY;BYDAY=-1FR',
  'FREQ=WEEKLY;WKST=SU',
  'nonsense',
])('%s stays rule text', (rule) => {
  const form = formOf({ rule, rdates: [], exdates: [] }, TUESDAY)
  expect([form.preset, recurrenceOf(form, TUESDAY)?.rule]).toEqual(['custom', rule])
})

test('a month\'s weekday counts from the start, the last seven days as "last"', () => {
  expect([
    weekdayOrdinal('2027-01-12'),
    weekdayOrdinal('2027-01-26'),
    weekdayOrdinal('2027-02-22'),
  ]).toEqual([2, -1, -1])
})

test('no repeat with no extra dates is null; the preview words the dates in the zone and language, or says why not', () => {
  const none = formOf(null, TUESDAY)
  expect(recurrenceOf(none, TUESDAY)).toBeNull()
  const weekly = {
    ...none,
    preset: 'WEEKLY' as const,
    days: ['TU', 'TH'] as ('TU' | 'TH')[],
    ends: 'count' as const,
    count: 3,
  }
  const event = {
    start: '2027-01-12T11:00:00Z',
    end: '2027-01-12T12:30:00Z',
    timezone: 'Asia/Hong_Kong',
    allDay: false,
  }
  expect(previewOf(weekly, event, 'zh-TW')).toEqual({
    dates: [
      expect.stringMatching(/^2027年1月12日.*星期二.*7:00$/),
      expect.stringContaining('1月14日'),
      expect.stringContaining('1月19日'),
    ],
    keys: ['2027-01-12', '2027-01-14', '2027-01-19'],
    whole: true,
  })
  expect(previewOf({ ...none, preset: 'custom', text: 'FREQ=HOURLY' }, event, 'en')).toEqual({
    error: expect.stringMatching(/FREQ/),
  })
})

test('saving a rule drops the edited dates it no longer gives; beyond the preview of an endless one nothing is said', () => {
  const edited = [
    { key: '2027-01-14', moved: true, changed: true },
    { key: '2027-01-19', cancelled: true },
    { key: '2040-01-03', changed: true },
  ]
  const event = {
    start: '2027-01-12T11:00:00Z',
    end: '2027-01-12T12:30:00Z',
    timezone: 'Asia/Hong_Kong',
    allDay: false,
  }
  const none = formOf(null, TUESDAY)
  const twice = {
    ...none,
    preset: 'WEEKLY' as const,
    days: ['TU'] as 'TU'[],
    ends: 'count' as const,
    count: 2,
  }
  expect(droppedBy(previewOf(twice, event, 'en'), edited)).toEqual([edited[0], edited[2]])
  const tuesdaysAndThursdays = { ...twice, days: ['TU', 'TH'] as ('TU' | 'TH')[], count: 3 }
  expect(droppedBy(previewOf(tuesdaysAndThursdays, event, 'en'), edited)).toEqual([edited[2]])
  const endless = { ...tuesdaysAndThursdays, ends: 'never' as const }
  expect(droppedBy(previewOf(endless, event, 'en'), edited)).toEqual([])
  // No longer repeating: every edited date goes; a rule that cannot be read saves nothing, so drops nothing.
  expect(droppedBy(previewOf(none, event, 'en'), edited)).toEqual(edited)
  expect(
    droppedBy(previewOf({ ...none, preset: 'custom', text: 'FREQ=HOURLY' }, event, 'en'), edited),
  ).toEqual([])
})
