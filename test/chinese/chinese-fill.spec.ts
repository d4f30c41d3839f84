/**
 * Records written before Chinese was kept in step get the other script from `migrateChineseScripts` (`npm run
 * chinese:convert`): text in one script only is converted, text in both is left alone, and a second run converts
 * nothing.
 */
import { migrateChineseScripts } from '../../src/exports/migrations/chineseScripts.js'
import { startTestServer, type TestServer } from '../helpers/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.stop())

/**
 * A record as one saved before conversion existed: its text in the locales given, written past every hook (the
 * adapter takes localized fields by locale).
 */
async function storedAs(collection: 'events' | 'venues', localized: Record<string, object>) {
  const name = collection === 'events' ? 'title' : 'name'
  const { id } = await server.payload.create({
    collection,
    locale: 'en',
    overrideAccess: true,
    data: (collection === 'events'
      ? {
          title: 'Untitled',
          status: 'publish',
          timezone: 'Asia/Hong_Kong',
          startDate: '2027-03-09T11:00:00.000Z',
          endDate: '2027-03-09T13:00:00.000Z',
        }
      : { name: 'Untitled', status: 'publish' }) as never,
  })
  const data = Object.fromEntries(
    Object.entries(localized).map(([field, byLocale]) => [
      field,
      field === name ? { en: 'Untitled', ...byLocale } : byLocale,
    ]),
  )
  await server.payload.db.updateOne({
    collection,
    id: server.payloadId(id),
    data,
    req: {},
    returning: false,
  } as never)
  return id
}

const inLocale = (collection: 'events' | 'venues', id: number | string, locale: string) =>
  server.payload.findByID({
    collection,
    id,
    locale: locale as never,
    fallbackLocale: false,
    depth: 0,
    overrideAccess: true,
  }) as unknown as Promise<Record<string, unknown>>

test('converts what has one script, leaves what has both, and converts nothing the second time', async () => {
  const simplified = await storedAs('events', {
    title: { 'zh-hans': '广州美食节' },
    excerpt: { 'zh-hans': '免费入场' },
  })
  const traditional = await storedAs('venues', { name: { 'zh-hant': '澳門文化中心' } })
  const both = await storedAs('events', { title: { 'zh-hans': '音乐会', 'zh-hant': '演奏會' } })
  const progress: string[] = []
  const first = await migrateChineseScripts({
    payload: server.payload,
    req: {},
    onProgress: ({ collection, converted }) => progress.push(`${collection} ${converted}`),
  })
  expect(first).toMatchObject({ events: 1, venues: 1 })
  expect(progress).toEqual(expect.arrayContaining(['events 1', 'venues 1']))
  await expect(inLocale('events', simplified, 'zh-hant')).resolves.toMatchObject({
    title: '廣州美食節',
    excerpt: '免費入場',
  })
  await expect(inLocale('venues', traditional, 'zh-hans')).resolves.toMatchObject({
    name: '澳门文化中心',
  })
  await expect(inLocale('events', both, 'zh-hant')).resolves.toMatchObject({ title: '演奏會' })

  const second = await migrateChineseScripts({ payload: server.payload, req: {} })
  expect(Object.values(second).every((count) => count === 0)).toBe(true)
})
