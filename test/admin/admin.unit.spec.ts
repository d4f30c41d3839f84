import { categoryTree, filterTree } from '../../src/admin/categoryTree.js'
import { mapLink } from '../../src/core/mapLink.js'
import { daysWithin, monthOrDefault, monthWeeks, shiftMonth } from '../../src/core/monthGrid.js'
import { dayBound, displayZone, fromWallClock, sameWallClock } from '../../src/admin/zonedTime.js'
import { isValidTimezone, zoneNames } from '../../src/core/timezones.js'

const collator = new Intl.Collator('zh-Hant')
const names = (nodes: ReturnType<typeof categoryTree>): unknown[] =>
  nodes.map((node) => (node.children.length ? [node.name, names(node.children)] : node.name))

describe('month grid', () => {
  test('a month param is used only when it is a real yyyy-MM month', () => {
    expect(monthOrDefault('2027-02', '2026-11-25')).toBe('2027-02')
    for (const bad of [
      '2027-13',
      '2027-2',
      '0999-01',
      '2027-02-01',
      ['2027-02'],
      undefined,
      "2027-02' OR 1=1",
    ]) {
      expect(monthOrDefault(bad, '2026-11-25')).toBe('2026-11')
    }
  })

  test('months shift across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01')
    expect(shiftMonth('2027-01', -1)).toBe('2026-12')
    expect(shiftMonth('2026-03', -14)).toBe('2025-01')
  })

  test('weeks cover the whole month from the chosen first weekday', () => {
    // December 2026 starts on a Tuesday and ends on a Thursday.
    const monday = monthWeeks('2026-12', 1)
    expect(monday[0][0]).toBe('2026-11-30')
    expect(monday.at(-1)!.at(-1)).toBe('2027-01-03')
    expect(monday).toHaveLength(5)
    const sunday = monthWeeks('2026-12', 0)
    expect(sunday[0][0]).toBe('2026-11-29')
    expect(sunday.at(-1)!.at(-1)).toBe('2027-01-02')
    // February 2026 starts on a Sunday and has exactly four weeks.
    expect(monthWeeks('2026-02', 0)).toHaveLength(4)
    for (const week of monthWeeks('2024-02', 1)) expect(week).toHaveLength(7)
    expect(monthWeeks('2024-02', 1).flat()).toContain('2024-02-29')
  })

  test('an event lands on each grid day it covers, clipped to the grid', () => {
    const days = monthWeeks('2026-12', 1).flat()
    expect(daysWithin('2026-12-30', '2027-01-05', days)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ])
    expect(daysWithin('2027-02-01', '2027-02-02', days)).toEqual([])
  })
})

describe('category tree', () => {
  test('children sit under their parents, siblings sorted, orphans and cycles at the top', () => {
    const tree = categoryTree(
      [
        { id: 1, name: '音樂' },
        { id: 2, name: '爵士樂', parent: 1 },
        { id: 3, name: '古典樂', parent: { id: 1 } },
        { id: 4, name: '失聯', parent: 99 },
        { id: 5, name: '甲', parent: 6 },
        { id: 6, name: '乙', parent: 5 },
        { id: 7, name: null },
      ],
      collator,
    )
    const all = JSON.stringify(tree)
    for (const id of [1, 2, 3, 4, 5, 6, 7]) expect(all).toContain(`"id":${id},`)
    expect(tree.find((node) => node.id === 1)!.children.map((node) => node.name)).toEqual(
      ['爵士樂', '古典樂'].sort(collator.compare),
    )
    expect(tree.map((node) => node.id)).toEqual(expect.arrayContaining([1, 4, 5, 6, 7]))
    expect(tree.find((node) => node.id === 7)!.name).toBe('7')
  })

  test('the filter keeps matches and the ancestors leading to them', () => {
    const tree = categoryTree(
      [
        { id: 1, name: 'Music' },
        { id: 2, name: 'Jazz', parent: 1 },
        { id: 3, name: 'Classical', parent: 1 },
        { id: 4, name: 'Sport' },
      ],
      new Intl.Collator('en'),
    )
    expect(names(filterTree(tree, ' jAZ '))).toEqual([['Music', ['Jazz']]])
    expect(names(filterTree(tree, ''))).toEqual([['Music', ['Classical', 'Jazz']], 'Sport'])
    expect(filterTree(tree, 'opera')).toEqual([])
  })
})

describe('map link', () => {
  test('coordinates win over the address, zero included', () => {
    expect(mapLink({ address: '1 Main St', geoLat: 0, geoLng: -0.5 })).toBe(
      'https://www.google.com/maps/search/?api=1&query=0%2C-0.5',
    )
  })

  test('the address parts are joined and encoded; nothing to search gives no link', () => {
    expect(
      mapLink({ address: ' 迪化街一段 100 號 ', city: '台北', country: '台灣', zip: '' }),
    ).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('迪化街一段 100 號, 台北, 台灣')}`,
    )
    expect(mapLink({ address: 'a&b=c#d' })).toContain('query=a%26b%3Dc%23d')
    expect(mapLink({ geoLat: 25 })).toBeNull()
    expect(mapLink({})).toBeNull()
  })
})

describe('zoned times in the form', () => {
  test('the zones offered go by their current names, each one valid', () => {
    const zones = zoneNames()
    expect(zones).toEqual(
      expect.arrayContaining([
        'Asia/Kolkata',
        'Europe/Kyiv',
        'America/Argentina/Buenos_Aires',
        'Pacific/Kanton',
      ]),
    )
    expect(zones).not.toContain('Asia/Calcutta')
    expect(zones).not.toContain('Europe/Kiev')
    expect(zones.every((zone) => isValidTimezone(zone))).toBe(true)
    expect(displayZone('Asia/Kathmandu', 'UTC')).toBe('Asia/Kathmandu')
  })

  test('an event without a valid zone is shown in the site zone', () => {
    expect(displayZone('Asia/Taipei', 'UTC')).toBe('Asia/Taipei')
    expect(displayZone('Mars/Olympus', 'Europe/London')).toBe('Europe/London')
  })

  test('changing the zone keeps the wall-clock time, across a DST change', () => {
    expect(sameWallClock('2026-12-15T11:30:00.000Z', 'Asia/Taipei', 'Europe/London')).toBe(
      '2026-12-15T19:30:00.000Z',
    )
    expect(sameWallClock('2026-07-01T16:00:00.000Z', 'UTC', 'America/New_York')).toBe(
      '2026-07-01T20:00:00.000Z',
    )
  })

  test('all-day bounds are the local day in the event zone', () => {
    const day = new Date(2026, 11, 15, 13, 45)
    expect(dayBound(day, 'Asia/Taipei', 'start')).toBe('2026-12-14T16:00:00.000Z')
    expect(dayBound(day, 'Asia/Taipei', 'end')).toBe('2026-12-15T15:59:59.000Z')
  })

  test('a picked time the clock skips moves forward by the change, as the namespace reads it', () => {
    // 02:30 on 14 March 2027 does not exist in New York: 03:30 EDT. A midnight Santiago skips: 01:00.
    expect(fromWallClock(new Date(2027, 2, 14, 2, 30), 'America/New_York')).toBe(
      '2027-03-14T07:30:00.000Z',
    )
    expect(dayBound(new Date(2026, 8, 6), 'America/Santiago', 'start')).toBe(
      '2026-09-06T04:00:00.000Z',
    )
    expect(sameWallClock('2027-03-14T02:30:00.000Z', 'UTC', 'America/New_York')).toBe(
      '2027-03-14T07:30:00.000Z',
    )
  })
})
