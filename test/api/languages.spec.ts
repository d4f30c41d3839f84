import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer()
  admin = await registerFirstUser(server)
})
afterAll(() => server?.stop())

const send = (method: string, path: string, body?: unknown, token?: string) =>
  server.request(`${NS}${path}`, { method, body, token })
const dates = { start_date: '2027-09-01 19:00:00', end_date: '2027-09-01 21:00:00' }

/** Each resource with the parameter naming its record and one other localized field. */
const resources = [
  {
    path: 'events',
    nameParam: 'title',
    create: dates,
    other: 'excerpt',
    otherOut: (text: string) => `<p>${text}</p>`,
  },
  {
    path: 'venues',
    nameParam: 'venue',
    create: {},
    other: 'city',
    otherOut: (text: string) => text,
  },
  {
    path: 'organizers',
    nameParam: 'organizer',
    create: {},
    other: 'description',
    otherOut: (text: string) => `<p>${text}</p>`,
  },
  {
    path: 'categories',
    nameParam: 'name',
    create: {},
    other: 'description',
    otherOut: (text: string) => text,
  },
  {
    path: 'tags',
    nameParam: 'name',
    create: {},
    other: 'description',
    otherOut: (text: string) => text,
  },
] as const
const nameOut = (path: string) =>
  ({ events: 'title', venues: 'venue', organizers: 'organizer' })[path] ?? 'name'

describe.each(resources)(
  '$path in another language',
  ({ path, nameParam, create, other, otherOut }) => {
    test('a partial update in a language the record lacks changes only what is sent, in that language', async () => {
      const created = (
        await send('POST', `/${path}`, { ...create, [nameParam]: `English ${path}` }, admin)
      ).body
      const zh = await send(
        'PATCH',
        `/${path}/${created.id}?ml_language=zh-hant`,
        { [other]: '台北' },
        admin,
      )
      expect([zh.status, zh.body[nameOut(path)], zh.body[other]]).toEqual([
        200,
        `English ${path}`,
        otherOut('台北'),
      ])
      const en = (await send('GET', `/${path}/${created.id}`)).body
      expect(en[nameOut(path)]).toBe(`English ${path}`)
      const stored = await server.payload.findByID({
        collection: collectionOf(path),
        id: created.id,
        locale: 'all',
        depth: 0,
      })
      const storedName = (stored as Record<string, any>)[path === 'events' ? 'title' : 'name']
      expect([storedName.en, storedName['zh-hant'] ?? null]).toEqual([`English ${path}`, null])
    })

    // Written in Traditional Chinese, the record holds its Simplified conversion too (繁體 → 繁体); English falls back.
    test('a record written only in zh-hant reads in every language, in lists too, and takes edits in English', async () => {
      const created = await send(
        'POST',
        `/${path}?ml_language=zh-hant`,
        { ...create, [nameParam]: `繁體${path}` },
        admin,
      )
      expect(created.status).toBe(201)
      const id = created.body.id
      for (const [language, name] of [
        ['en', `繁体${path}`],
        ['zh-hans', `繁体${path}`],
        ['zh-hant', `繁體${path}`],
      ]) {
        expect(
          (await send('GET', `/${path}/${id}?ml_language=${language}`)).body[nameOut(path)],
        ).toBe(name)
      }
      const list = (await send('GET', `/${path}?per_page=50&hide_empty=false`)).body[
        path
      ] as Record<string, unknown>[]
      expect(list.find((item) => item.id === id)?.[nameOut(path)]).toBe(`繁体${path}`)
      const edited = await send(
        'PATCH',
        `/${path}/${id}?ml_language=en`,
        { [other]: 'Taipei' },
        admin,
      )
      expect([edited.status, edited.body[nameOut(path)], edited.body[other]]).toEqual([
        200,
        `繁体${path}`,
        otherOut('Taipei'),
      ])
      const zh = (await send('GET', `/${path}/${id}?ml_language=zh-hant`)).body
      expect(zh[nameOut(path)]).toBe(`繁體${path}`)
    })
  },
)

const COLLECTIONS = {
  events: 'events',
  venues: 'venues',
  organizers: 'organizers',
  categories: 'event-categories',
  tags: 'event-tags',
} as const
const collectionOf = (path: string) => COLLECTIONS[path as keyof typeof COLLECTIONS]

describe('the name is required in some language', () => {
  test('emptying the only title is refused, emptying one of two is not', async () => {
    const event = (await send('POST', '/events', { ...dates, title: 'Only English' }, admin)).body
    const headers = { authorization: `JWT ${admin}`, 'content-type': 'application/json' }
    const patch = (locale: string, title: string) =>
      fetch(`${server.api}/events/${server.payloadId(event.id)}?locale=${locale}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ title }),
      })
    const refused = await patch('en', '')
    expect(refused.status).toBe(400)
    expect(JSON.stringify(await refused.json())).toContain('title')
    expect((await patch('zh-hant', '只有中文')).status).toBe(200)
    expect((await patch('en', '')).status).toBe(200)
    expect((await send('GET', `/events/${event.id}`)).body.title).toBe('只有中文')
  })

  test('search and the admin list find a record written only in zh-hant', async () => {
    const event = (
      await send('POST', '/events?ml_language=zh-hant', { ...dates, title: '中秋音樂會' }, admin)
    ).body
    const found = (
      await send('GET', '/events?search=中秋&start_date=2027-01-01&ml_language=zh-hant')
    ).body.events
    expect(found.map((item: { title: string }) => item.title)).toEqual(['中秋音樂會'])
    const adminList = await fetch(
      `${server.api}/events?locale=en&depth=0&where[id][equals]=${server.payloadId(event.id)}`,
      {
        headers: { authorization: `JWT ${admin}` },
      },
    )
    // English falls back to the default language, which holds the Simplified conversion.
    expect((await adminList.json()).docs[0].title).toBe('中秋音乐会')
  })
})
