/**
 * The calendar's expansion of recurring series against python-dateutil's, an independent implementation of
 * RFC 5545 (test/recurrence/dateutil-expand.py): random rules, in zones with daylight-saving changes on both
 * hemispheres and without, timed and all-day, with COUNT, UNTIL or no end, extra and excluded dates, and starts at
 * times that clocks skip or repeat. Seeded, so a failure is repeatable; the seed is in the test's name.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'

import { expandSeries } from '../../src/recurrence/expand.js'
import { parseRule } from '../../src/recurrence/rule.js'
import { withPython } from '../helpers/python.js'

const SEED = 20261127
const CASES = 300
const ZONES = [
  'Europe/London',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Hong_Kong',
  'Asia/Kolkata',
]
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']
// Times around the clock changes of the zones above (01:00–03:00 local) and ordinary evening ones.
const TIMES = ['00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '09:15', '19:00', '23:45']

type Case = {
  seed: string
  zone: string
  all_day: boolean
  rule: string
  count?: number
  until?: string
  rdates: string[]
  exclude_every: number
  minutes: number
  days: number
  horizon: string
}
type Expected = {
  first: [string, string]
  exdates: string[]
  occurrences: [string, string][]
} | null

/** mulberry32: a small seeded generator, so that every run draws the same cases. */
function generator(seed: number) {
  let state = seed
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1))
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]
  const some = <T>(items: readonly T[], most: number): T[] => {
    const chosen = new Set<T>()
    for (let i = int(1, most); i > 0; i--) chosen.add(pick(items))
    return [...chosen]
  }
  return { int, pick, some, chance: (p: number) => next() < p }
}

const pad = (n: number) => String(n).padStart(2, '0')

function ruleText(random: ReturnType<typeof generator>): string {
  const freq = random.pick(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'])
  const parts = [`FREQ=${freq}`]
  if (random.chance(0.4)) parts.push(`INTERVAL=${random.int(2, 3)}`)
  const days = () => random.some(WEEKDAYS, 3).join(',')
  if (freq === 'DAILY' && random.chance(0.3)) parts.push(`BYDAY=${days()}`)
  if (freq === 'DAILY' && random.chance(0.2))
    parts.push(`BYMONTH=${random.some([1, 3, 4, 10, 11], 2).join(',')}`)
  if (freq === 'WEEKLY') parts.push(`BYDAY=${days()}`)
  if (freq === 'MONTHLY' || freq === 'YEARLY') {
    if (freq === 'YEARLY')
      parts.push(`BYMONTH=${random.some([1, 2, 3, 4, 10, 11, 12], 2).join(',')}`)
    const kind = random.int(0, 2)
    if (kind === 0)
      parts.push(`BYMONTHDAY=${random.some([1, 15, 28, 29, 30, 31, -1, -2], 2).join(',')}`)
    if (kind === 1)
      parts.push(
        `BYDAY=${random
          .some([1, 2, 3, 4, -1, -2], 2)
          .map((n) => `${n}${random.pick(WEEKDAYS)}`)
          .join(',')}`,
      )
    if (kind === 2)
      parts.push(`BYDAY=MO,TU,WE,TH,FR`, `BYSETPOS=${random.some([1, 2, -1], 2).join(',')}`)
  }
  return parts.join(';')
}

function drawCase(random: ReturnType<typeof generator>): Case {
  const allDay = random.chance(0.25)
  const date = `${random.int(2026, 2027)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`
  const time = allDay ? '00:00' : random.pick(TIMES)
  const end = random.int(0, 2)
  const untilDate = `${random.int(2027, 2029)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`
  return {
    seed: `${date}T${time}:00`,
    zone: random.pick(ZONES),
    all_day: allDay,
    rule: ruleText(random),
    count: end === 0 ? random.int(1, 60) : undefined,
    until: end === 1 ? `${untilDate}T${allDay ? '00:00' : random.pick(TIMES)}:00` : undefined,
    rdates: Array.from(
      { length: random.int(0, 3) },
      () =>
        `${random.int(2026, 2029)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}T${allDay ? '00:00' : random.pick(TIMES)}:00`,
    ),
    exclude_every: random.int(2, 9),
    minutes: random.int(30, 600),
    days: allDay ? random.int(0, 2) : 0,
    horizon: '2030-06-30T12:00:00Z',
  }
}

// python3 with dateutil (Debian's `python3-dateutil`): without it a local run skips this test and says so; a run
// with `CI` set fails, as for a missing PostgreSQL (jest.config.mjs).
const { python, test: compare } = withPython(['dateutil'])

const random = generator(SEED)
const cases = Array.from({ length: CASES }, () => drawCase(random))

const iso = (date: Date) => date.toISOString().replace('.000Z', 'Z')

compare(`${CASES} random series (seed ${SEED}) expand as python-dateutil expands them`, () => {
  const script = path.join(import.meta.dirname, 'dateutil-expand.py')
  const expected = JSON.parse(
    execFileSync(python ?? 'python3', [script], {
      input: JSON.stringify(cases),
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    }),
  ) as Expected[]
  const differences: string[] = []
  cases.forEach((drawn, index) => {
    if (!expected[index]) return
    const { first, exdates, occurrences } = expected[index]
    const rule = parseRule(
      drawn.rule +
        (drawn.count ? `;COUNT=${drawn.count}` : '') +
        (drawn.until ? `;UNTIL=${drawn.until.replace(/[-:]/g, '')}` : ''),
    )
    const { occurrences: ours, capped } = expandSeries(
      {
        start: new Date(first[0]),
        end: new Date(first[1]),
        timezone: drawn.zone,
        allDay: drawn.all_day,
        rule,
        rdates: drawn.rdates,
        exdates,
      },
      new Date(drawn.horizon),
      10_000,
    )
    const got = ours.map((occurrence) => [iso(occurrence.start), iso(occurrence.end)])
    if (capped || JSON.stringify(got) !== JSON.stringify(occurrences))
      differences.push(
        `${JSON.stringify(drawn)}\n  dateutil: ${JSON.stringify(occurrences.slice(0, 6))} (${occurrences.length})` +
          `\n  ours:     ${JSON.stringify(got.slice(0, 6))} (${got.length})`,
      )
  })
  expect(differences).toEqual([])
  // The draw reaches what it is meant to: long series, and few rules that never occur.
  expect(
    expected.filter((series) => series && series.occurrences.length > 50).length,
  ).toBeGreaterThan(CASES / 10)
  expect(expected.filter((series) => series === null).length).toBeLessThan(CASES / 20)
})
