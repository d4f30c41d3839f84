/**
 * The jobs that go through a whole collection read it 200 records at a time (`forEachBatch`,
 * src/database/batches.ts): the occurrence migration, the horizon job, the count fill and the Chinese conversion
 * each reach the records past the first batch, and a record that fails rolls back its own batch only.
 */
import { migrateChineseScripts } from '../../src/exports/migrations/chineseScripts.js'
import { fillOccurrenceCounts } from '../../src/hooks/occurrenceCounts.js'
import { extendOccurrences, fillOccurrences } from '../../src/hooks/occurrences.js'
import { testNeeding, testOnSql } from '../helpers/database.js'
import { startTestServer, type TestServer } from '../helpers/server.js'

/** One more than a batch and a few: the last records are read by a second query. */
const RECORDS = 205
const DAY = 86_400_000

let server: TestServer
const series: number[] = []

beforeAll(async () => {
  server = await startTestServer({ recurrence: { horizonMonths: 2, autoRun: false } })
  const start = new Date(Date.now() + DAY)
  start.setUTCHours(18, 0, 0, 0)
  for (let n = 0; n < RECORDS; n++) {
    const event = await server.payload.create({
      collection: 'events',
      overrideAccess: true,
      data: {
        title: `Monthly ${n}`,
        status: 'publish',
        timezone: 'UTC',
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 3_600_000).toISOString(),
        recurrence: { rule: 'FREQ=MONTHLY' },
      } as never,
    })
    series.push(event.id as number)
  }
})
afterAll(() => server?.stop())

/** How many occurrences each series has, in the order of `series`. */
async function occurrenceCounts(): Promise<number[]> {
  const { docs } = await server.payload.find({
    collection: 'event-occurrences',
    pagination: false,
    depth: 0,
    overrideAccess: true,
    select: { series: true },
  } as never)
  const counts = new Map<number, number>()
  for (const { series: id } of docs as unknown as { series: number }[])
    counts.set(id, (counts.get(id) ?? 0) + 1)
  return series.map((id) => counts.get(id) ?? 0)
}

const forgetAll = (collection: 'event-occurrence-counts' | 'event-occurrences') =>
  server.payload.db.deleteMany({ collection, where: { id: { exists: true } }, req: {} })

test('the occurrence migration gives every event its occurrences, past the first batch', async () => {
  const kept = await occurrenceCounts()
  expect(kept.every((count) => count >= 2)).toBe(true)
  await forgetAll('event-occurrences')
  expect(await fillOccurrences(server.payload, {})).toBe(RECORDS)
  expect(await occurrenceCounts()).toEqual(kept)
})

test('the horizon job moves every series forward, past the first batch', async () => {
  const before = await occurrenceCounts()
  expect(await extendOccurrences(server.payload, {}, new Date(Date.now() + 100 * DAY))).toBe(
    RECORDS,
  )
  const after = await occurrenceCounts()
  expect(after.filter((count, n) => count <= before[n]!)).toEqual([])
})

testOnSql()('the count fill counts every series, past the first batch', async () => {
  const rows = async () =>
    (
      await server.payload.find({
        collection: 'event-occurrence-counts',
        pagination: false,
        depth: 0,
        overrideAccess: true,
        sort: 'id',
      } as never)
    ).docs.map(({ id: _, ...row }) => row)
  const written = await rows()
  expect(new Set(written.map((row) => (row as { series: number }).series)).size).toBe(RECORDS)
  await forgetAll('event-occurrence-counts')
  expect(await fillOccurrenceCounts(server.payload, {})).toBe(RECORDS)
  expect(await rows()).toEqual(written)
})

/** Venues as saved before Chinese was kept in step: a name in Simplified Chinese only, written past every hook. */
async function simplifiedOnly(count: number, stored: Record<string, unknown> = {}) {
  const ids: number[] = []
  for (let n = 0; n < count; n++) {
    const { id } = (await server.payload.create({
      collection: 'venues',
      overrideAccess: true,
      data: { name: `Hall ${n}`, status: 'publish' } as never,
    })) as { id: number }
    await server.payload.db.updateOne({
      collection: 'venues',
      id: server.payloadId(id),
      data: { name: { 'zh-hans': `音乐厅 ${n}` }, ...stored },
      req: {},
      returning: false,
    } as never)
    ids.push(id)
  }
  return ids
}

const traditionalNames = async (ids: number[]) =>
  Promise.all(
    ids.map(
      async (id) =>
        (
          (await server.payload.findByID({
            collection: 'venues',
            id,
            locale: 'zh-hant' as never,
            fallbackLocale: false,
            depth: 0,
            overrideAccess: true,
          })) as { name?: string | null }
        ).name ?? null,
    ),
  )

testNeeding('transactions')(
  'the Chinese conversion converts past the first batch; a record that fails rolls back its own batch only',
  async () => {
    await server.payload.delete({ collection: 'venues', where: {}, overrideAccess: true })
    const first = await simplifiedOnly(200)
    // The second batch: four that convert, then one the database refuses (an address that is none).
    const second = await simplifiedOnly(4)
    const [broken] = await simplifiedOnly(1, { website: 'not an address' })
    await expect(migrateChineseScripts({ payload: server.payload, req: {} })).rejects.toThrow()
    expect(new Set(await traditionalNames(first))).toEqual(
      new Set(first.map((_, n) => `音樂廳 ${n}`)),
    )
    expect(await traditionalNames([...second, broken!])).toEqual([null, null, null, null, null])

    await server.payload.db.updateOne({
      collection: 'venues',
      id: server.payloadId(broken!),
      data: { website: '' },
      req: {},
      returning: false,
    } as never)
    expect(await migrateChineseScripts({ payload: server.payload, req: {} })).toMatchObject({
      venues: 5,
    })
    expect(await traditionalNames(second)).toEqual(second.map((_, n) => `音樂廳 ${n}`))
  },
)
