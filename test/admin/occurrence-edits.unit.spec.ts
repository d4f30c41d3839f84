import { draftOf, writeOf } from '../../src/admin/occurrenceEdits.js'

const occurrence = {
  id: 7,
  key: '2027-03-09',
  startDate: '2027-03-09T11:00:00.000Z',
  endDate: '2027-03-09T12:30:00.000Z',
  title: null,
}

describe("the form's change of one date", () => {
  test("reads the date on the event's own clock", () => {
    expect(draftOf(occurrence, 'Asia/Hong_Kong', false)).toEqual({
      start: '2027-03-09T19:00',
      end: '2027-03-09T20:30',
      title: '',
    })
    expect(draftOf(occurrence, 'America/New_York', true)).toMatchObject({ start: '2027-03-09' })
  })

  test('writes only what changed, as local times the namespace reads in the event zone', () => {
    const before = draftOf(occurrence, 'Asia/Hong_Kong', false)
    expect(writeOf(before, { ...before, start: '2027-03-09T21:00' }, 'this', false)).toEqual({
      start_date: '2027-03-09 21:00:00',
    })
    expect(writeOf(before, { ...before, title: '加場' }, 'this', false)).toEqual({ title: '加場' })
    expect(writeOf(before, before, 'following', false)).toEqual({ scope: 'following' })
    expect(writeOf(before, { ...before, end: '2027-03-10' }, 'all', true)).toEqual({
      end_date: '2027-03-10',
      scope: 'all',
    })
  })
})
