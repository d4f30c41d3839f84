import type { PayloadRequest } from 'payload'

import { newEventDefault } from '../../src/core/newEventDay.js'

/** The default of a new event's start or end for a create page opened with `query`. */
const defaultOf = (bound: 'end' | 'start', zone: string, query: Record<string, unknown>) =>
  newEventDefault(bound, zone)({ req: { query } as unknown as PayloadRequest })

test("a new event opened on a day runs 09:00 to 10:00 on that day's wall clock in the site's zone", () => {
  expect(defaultOf('start', 'UTC', { day: '2027-01-05' })).toBe('2027-01-05T09:00:00.000Z')
  expect(defaultOf('end', 'UTC', { day: '2027-01-05' })).toBe('2027-01-05T10:00:00.000Z')
  // New York's clocks go forward at 02:00 that day: 09:00 is EDT.
  expect(defaultOf('start', 'America/New_York', { day: '2027-03-14' })).toBe(
    '2027-03-14T13:00:00.000Z',
  )
  expect(defaultOf('start', 'Asia/Hong_Kong', { day: '2027-01-05' })).toBe(
    '2027-01-05T01:00:00.000Z',
  )
})

test('without a day, or with anything else than one, the form opens with no dates', () => {
  for (const query of [
    {},
    { day: '' },
    { day: '2027-02-30' },
    { day: '2027-1-5' },
    { day: ['2027-01-05'] },
    { day: { $gt: '' } },
    { day: '2027-01-05T09:00' },
  ])
    expect(defaultOf('start', 'UTC', query)).toBeUndefined()
})
