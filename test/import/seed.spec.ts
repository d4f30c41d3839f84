import { execFileSync } from 'node:child_process'
import { fromZonedTime } from 'date-fns-tz'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Dataset } from '../../src/import/dataset.js'

import { testNeeding } from '../helpers/database.js'
import { ROOT, runScript } from '../helpers/run.js'
import { startTestServer, type TestServer } from '../helpers/server.js'

const MAKE_DATASET = path.resolve(ROOT, 'bench/make-dataset.mjs')

let server: TestServer
let file: string
let dataset: Dataset

beforeAll(async () => {
  server = await startTestServer()
  file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-dataset-')), 'dataset.json')
  execFileSync('node', [
    MAKE_DATASET,
    '--events',
    '400',
    '--venues',
    '40',
    '--organizers',
    '20',
    '--anchor',
    '2026-11-22',
    '--out',
    file,
  ])
  dataset = JSON.parse(fs.readFileSync(file, 'utf8'))
})
afterAll(async () => {
  await server?.stop()
  fs.rmSync(path.dirname(file), { force: true, recursive: true })
})

const counts = async () => ({
  categories: (await server.payload.count({ collection: 'event-categories' })).totalDocs,
  tags: (await server.payload.count({ collection: 'event-tags' })).totalDocs,
  venues: (await server.payload.count({ collection: 'venues' })).totalDocs,
  organizers: (await server.payload.count({ collection: 'organizers' })).totalDocs,
  events: (await server.payload.count({ collection: 'events' })).totalDocs,
})
const keys = (docs: unknown) => (docs as { importKey: string }[]).map((doc) => doc.importKey).sort()

describe('npm run seed -- --file', () => {
  test('imports a 400-event dataset, in batches, with its relationships and translations', async () => {
    const result = await runScript('seed', ['--file', file], server.database.uri)
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/Imported dataset\.json/)
    expect(await counts()).toEqual({
      categories: 40,
      tags: 150,
      venues: 40,
      organizers: 20,
      events: 400,
    })

    for (const source of dataset.events.filter((_, index) => index % 50 === 0)) {
      const {
        docs: [stored],
      } = await server.payload.find({
        collection: 'events',
        depth: 1,
        where: { importKey: { equals: source.key } },
      })
      expect(stored.title).toBe(source.title)
      expect(stored.startDate).toBe(fromZonedTime(source.start_date, source.timezone).toISOString())
      expect(stored.timezone).toBe(source.timezone)
      expect(keys(stored.venue)).toEqual(source.venue ? [source.venue] : [])
      expect(keys(stored.organizers)).toEqual([...(source.organizer ?? [])].sort())
      expect(keys(stored.categories)).toEqual([...(source.categories ?? [])].sort())
      expect(keys(stored.tags)).toEqual([...(source.tags ?? [])].sort())
    }

    const translated = dataset.events.find((event) => event.translations)!
    const zhHant = await server.payload.find({
      collection: 'events',
      locale: 'zh-hant',
      where: { importKey: { equals: translated.key } },
    })
    expect(zhHant.docs[0].title).toBe(translated.translations!['zh-hant']!.title)

    // Slugs and search text are chosen in memory during an import: they must come out as a one-by-one write makes them.
    const { docs: slugs } = await server.payload.find({
      collection: 'events',
      pagination: false,
      select: { slug: true },
    })
    expect(new Set(slugs.map((doc) => doc.slug)).size).toBe(dataset.events.length)
    const twice = dataset.events.find(
      (event, index) => dataset.events.findIndex((other) => other.title === event.title) < index,
    )!
    const { docs: namesakes } = await server.payload.find({
      collection: 'events',
      sort: 'id',
      where: { title: { equals: twice.title } },
    })
    expect(namesakes.map((doc) => doc.slug)).toEqual(
      namesakes.map((_, index) =>
        index ? `${namesakes[0].slug}-${index + 1}` : namesakes[0].slug,
      ),
    )
    for (const title of [
      translated.title,
      translated.translations!['zh-hans']!.title,
      translated.translations!['zh-hant']!.title,
    ]) {
      const found = await server.payload.count({
        collection: 'events',
        where: {
          and: [{ importKey: { equals: translated.key } }, { searchText: { like: title } }],
        },
      })
      expect(found.totalDocs).toBe(1)
    }

    const child = dataset.categories.find((category) => category.parent)!
    const storedChild = await server.payload.find({
      collection: 'event-categories',
      depth: 1,
      where: { importKey: { equals: child.key } },
    })
    expect((storedChild.docs[0].parent as { importKey: string }).importKey).toBe(child.parent)

    for (const [collection, relation] of [
      ['event-categories', 'categories'],
      ['event-tags', 'tags'],
    ] as const) {
      const { docs: terms } = await server.payload.find({ collection, pagination: false })
      const expected = (key: string) =>
        dataset.events.filter((event) => event[relation]?.includes(key)).length
      expect(terms.map((term) => [term.importKey, term.count])).toEqual(
        terms.map((term) => [term.importKey, expected(term.importKey!)]),
      )
      expect(terms.some((term) => term.count! > 0)).toBe(true)
    }
  })

  test('is idempotent: a second run changes nothing', async () => {
    const before = await counts()
    const result = await runScript('seed', ['--file', file], server.database.uri)
    expect(result.code).toBe(0)
    expect(await counts()).toEqual(before)
    expect(result.stdout).toMatch(/events\s*│\s*0\s*│\s*400/)
  })
})

describe('npm run seed -- --demo', () => {
  test('loads the demo calendar in three languages', async () => {
    const demo = JSON.parse(fs.readFileSync(path.join(ROOT, 'seed/demo.json'), 'utf8')) as Dataset
    const result = await runScript('seed', ['--demo'], server.database.uri)
    expect(result.code).toBe(0)
    const event = demo.events[0]
    for (const locale of ['zh-hans', 'zh-hant'] as const) {
      const { docs } = await server.payload.find({
        collection: 'events',
        locale,
        where: { importKey: { equals: event.key } },
      })
      expect(docs[0].title).toBe(event.translations![locale]!.title)
    }
    const demoEvents = await server.payload.count({
      collection: 'events',
      where: { importKey: { like: 'demo-event-' } },
    })
    expect(demoEvents.totalDocs).toBe(demo.events.length)
  })

  test('has a weekly series across the change to summer time, one date cancelled and one moved', async () => {
    const list = await server.request(
      `/api/calendar/events/v1/events?start_date=2027-03-01&end_date=2027-04-30&search=${encodeURIComponent('Sketch Walk')}`,
    )
    const dates = (list.body.events as { start_date: string; utc_start_date: string }[]).map(
      (event) => [event.start_date, event.utc_start_date],
    )
    // 10:00 in London each Saturday: GMT before 28 March, BST after; 20 March cancelled, 3 April at 14:00.
    expect(dates).toEqual([
      ['2027-03-06 10:00:00', '2027-03-06 10:00:00'],
      ['2027-03-13 10:00:00', '2027-03-13 10:00:00'],
      ['2027-03-27 10:00:00', '2027-03-27 10:00:00'],
      ['2027-04-03 14:00:00', '2027-04-03 13:00:00'],
      ['2027-04-10 10:00:00', '2027-04-10 09:00:00'],
    ])
    const { docs } = await server.payload.find({
      collection: 'event-occurrences',
      where: { key: { equals: '2027-03-20' } },
    })
    expect(docs.map((doc) => (doc as { cancelled?: boolean }).cancelled)).toEqual([true])
  })

  testNeeding('transactions')(
    'refuses a dataset that cancels or moves a date its series does not have, writing nothing',
    async () => {
      const demo = JSON.parse(fs.readFileSync(path.join(ROOT, 'seed/demo.json'), 'utf8')) as Dataset
      const series = demo.events.find((event) => event.recurrence)!
      const { importCalendarDataset } = await import('../../src/import/importDataset.js')
      const wrongDate = {
        ...demo,
        events: [{ ...series, key: 'wrong-date', cancelled_dates: ['2027-03-21'] }],
      }
      await expect(importCalendarDataset(server.sitePayload, wrongDate)).rejects.toThrow(
        'event wrong-date does not repeat on 2027-03-21',
      )
      const written = await server.payload.count({
        collection: 'events',
        where: { importKey: { equals: 'wrong-date' } },
      })
      expect(written.totalDocs).toBe(0)
    },
  )

  const stored = async (key: string, locale: 'zh-hans' | 'zh-hant') =>
    (
      await server.payload.find({
        collection: 'events',
        locale,
        where: { importKey: { equals: key } },
        select: { title: true, description: true, chineseConversions: true },
      })
    ).docs[0] as {
      title: string
      description: unknown
      chineseConversions?: Record<string, Record<string, unknown>> | null
    }
  const textOf = (richText: unknown) =>
    JSON.stringify(richText)
      .match(/"text":"([^"]*)"/g)
      ?.join('')

  test('keeps both Chinese scripts as written when the dataset has both', async () => {
    const demo = JSON.parse(fs.readFileSync(path.join(ROOT, 'seed/demo.json'), 'utf8')) as Dataset
    const event = demo.events[0]
    const traditional = await stored(event.key, 'zh-hant')
    // Hong Kong's words, where a conversion of the Simplified text would read 粵語流行.
    expect(event.translations!['zh-hant']!.excerpt).toContain('廣東歌')
    expect(textOf(traditional.description)).toContain('廣東歌')
    expect(traditional.chineseConversions ?? null).toBeNull()
  })

  test('converts into the other script when the dataset has one, marked as converted', async () => {
    const demo = JSON.parse(fs.readFileSync(path.join(ROOT, 'seed/demo.json'), 'utf8')) as Dataset
    const { 'zh-hans': simplified } = demo.events[0].translations!
    const oneScript = {
      ...demo.events[0],
      key: 'one-script',
      translations: { 'zh-hans': simplified },
    }
    const { importCalendarDataset } = await import('../../src/import/importDataset.js')
    await importCalendarDataset(server.sitePayload, {
      ...demo,
      categories: [],
      tags: [],
      venues: [],
      organizers: [],
      events: [oneScript],
    })
    const traditional = await stored('one-script', 'zh-hant')
    expect(traditional.title).toBe('海港爵士樂團：秋日經典之夜')
    expect(textOf(traditional.description)).toContain('粵語流行')
    expect(traditional.chineseConversions?.['zh-hant']).toMatchObject({
      title: { from: 'zh-hans', variant: 'tw' },
      description: { from: 'zh-hans', variant: 'tw' },
    })
  })
})
