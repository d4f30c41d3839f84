import { NOT_IDS } from '../fuzz/values.js'
import { PNG } from '../helpers/png.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'

let server: TestServer
let admin: string
let ids: {
  event: number
  venue: number
  venue2: number
  organizer: number
  category: number
  child: number
  tag: number
  media: number
}

const send = (method: string, path: string, body?: unknown) =>
  server.request(`${NS}${path}`, { method, body, token: admin })
const minimal = {
  title: 'Ids Night',
  start_date: '2027-07-05 20:00:00',
  end_date: '2027-07-05 23:00:00',
}
/** Every record the routes below could write, so a refused write is seen to have changed nothing. */
const snapshot = async () => {
  const read = async (collection: string) =>
    (
      await server.payload.find({
        collection: collection as 'events',
        depth: 0,
        pagination: false,
        trash: true,
        sort: 'id',
      })
    ).docs
  return JSON.stringify(
    await Promise.all(
      ['events', 'venues', 'organizers', 'event-categories', 'event-tags', 'media'].map(read),
    ),
  )
}

beforeAll(async () => {
  server = await startTestServer({ timezone: 'America/New_York' })
  admin = await registerFirstUser(server)
  const media = await server.payload.create({
    collection: 'media',
    data: { alt: 'dot' },
    file: { data: PNG, mimetype: 'image/png', name: 'dot.png', size: PNG.length },
  })
  const venue = (await send('POST', '/venues', { venue: 'Ids Hall', status: 'publish' })).body
  const venue2 = (await send('POST', '/venues', { venue: 'Ids Annex', status: 'publish' })).body
  const organizer = (
    await send('POST', '/organizers', { organizer: 'Ids Presents', status: 'publish' })
  ).body
  const category = (await send('POST', '/categories', { name: 'Ids Music' })).body
  const child = (await send('POST', '/categories', { name: 'Ids Jazz', parent: category.id })).body
  const tag = (await send('POST', '/tags', { name: 'ids-free' })).body
  const event = await send('POST', '/events', {
    ...minimal,
    venue: venue.id,
    organizer: [organizer.id],
    categories: [category.id],
    tags: [tag.id],
    image: String(media.id),
  })
  expect(event.status).toBe(201)
  ids = {
    event: event.body.id,
    venue: venue.id,
    venue2: venue2.id,
    organizer: organizer.id,
    category: category.id,
    child: child.id,
    tag: tag.id,
    media: media.id as number,
  }
})
afterAll(() => server?.stop())

describe('an id in a body that no id column holds is a 400 naming its parameter, and changes nothing', () => {
  /** [route, parameter as named in the answer, body for a value] */
  const cases: [string, string, string, (value: unknown) => Record<string, unknown>][] = [
    ['POST', '/events', 'image', (value) => ({ ...minimal, image: value })],
    ['POST', '/events', 'venue', (value) => ({ ...minimal, venue: value })],
    ['POST', '/events', 'venue', (value) => ({ ...minimal, venue: { id: value } })],
    ['POST', '/events', 'organizer', (value) => ({ ...minimal, organizer: [value] })],
    ['POST', '/events', 'organizer', (value) => ({ ...minimal, organizer: [{ id: value }] })],
    ['POST', '/events', 'categories', (value) => ({ ...minimal, categories: [value] })],
    ['POST', '/events', 'tags', (value) => ({ ...minimal, tags: value })],
    ['POST', '/events', 'author', (value) => ({ ...minimal, author: value })],
    [
      'POST',
      '/events',
      'venue[image]',
      (value) => ({ ...minimal, venue: { venue: 'Ids Loft', image: value } }),
    ],
    [
      'POST',
      '/events',
      'organizer[author]',
      (value) => ({ ...minimal, organizer: [{ organizer: 'Ids Crew', author: value }] }),
    ],
    ['PATCH', '/events/:event', 'venue', (value) => ({ venue: value })],
    ['PUT', '/events/:event', 'image', (value) => ({ image: value })],
    ['POST', '/venues', 'image', (value) => ({ venue: 'Ids Cellar', image: value })],
    [
      'POST',
      '/venues/:venue',
      'image',
      (value) => ({ title: 'x', image: value, start_date: null, password: ' ' }),
    ],
    ['POST', '/organizers/:organizer', 'author', (value) => ({ author: value })],
    ['POST', '/categories', 'parent', (value) => ({ name: 'Ids Blues', parent: value })],
    ['PUT', '/categories/:child', 'parent', (value) => ({ parent: value })],
  ]

  test.each(cases)('%s %s: %s', async (method, route, param, body) => {
    const path = route.replace(/:(\w+)/, (_, key: keyof typeof ids) => String(ids[key]))
    const before = await snapshot()
    for (const value of NOT_IDS) {
      const { status, body: answer } = await send(method, path, body(value))
      expect([value, status, answer.code, Object.keys(answer.data.params)]).toEqual([
        value,
        400,
        'rest_invalid_param',
        [param],
      ])
    }
    expect(await snapshot()).toBe(before)
  })

  test('the body that was a 500 on PostgreSQL', async () => {
    const answer = await send('POST', `/venues/${ids.venue}`, {
      title: 'x',
      image: '99999999999999999999',
      start_date: null,
      password: ' ',
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { image: expect.any(String) } },
    })
  })

  test('values that are no id at all are refused on the id-only parameters', async () => {
    for (const [param, value] of [
      ['image', 'abc'],
      ['image', true],
      ['venue', 'abc'],
      ['venue', true],
      ['organizer', [false]],
      ['categories', [true]],
      ['tags', [{}]],
      ['author', 'abc'],
    ] as const) {
      const { status, body } = await send('POST', '/events', { ...minimal, [param]: value })
      expect([param, status, Object.keys(body.data?.params ?? {})]).toEqual([param, 400, [param]])
    }
  })

  test('an id that fits but names no record is a 400 on the parameter, inside an object too', async () => {
    const missing = 2147483647
    const expectations: [Record<string, unknown>, string][] = [
      [{ image: String(missing) }, 'image'],
      [{ venue: missing }, 'venue'],
      [{ organizer: String(missing) }, 'organizer'],
      [{ categories: [missing] }, 'categories'],
      [{ venue: { venue: 'Ids Attic', image: String(missing) } }, 'venue[image]'],
    ]
    for (const [fields, param] of expectations) {
      const { status, body } = await send('POST', '/events', { ...minimal, ...fields })
      expect([param, status, Object.keys(body.data?.params ?? {})]).toEqual([param, 400, [param]])
    }
    expect(
      (
        await server.payload.count({
          collection: 'venues',
          where: { name: { equals: 'Ids Attic' } },
        })
      ).totalDocs,
    ).toBe(0)
  })
})

describe('0 names no record', () => {
  test.each([0, '0', '', null, []])(
    'venue and organizer %j detach them on update',
    async (value) => {
      const event = (
        await send('POST', '/events', { ...minimal, venue: ids.venue, organizer: [ids.organizer] })
      ).body
      expect([event.venue.id, event.organizer.map((o: { id: number }) => o.id)]).toEqual([
        ids.venue,
        [ids.organizer],
      ])
      const updated = await send('PATCH', `/events/${event.id}`, { venue: value, organizer: value })
      expect(updated.status).toBe(200)
      expect([updated.body.venue, updated.body.organizer]).toEqual([[], []])
      const read = (await server.request(`${NS}/events/${event.id}`, { token: admin })).body
      expect([read.venue, read.organizer]).toEqual([[], []])
    },
  )

  test('form-encoded venue=0 and organizer= detach, and a 0 among ids is skipped', async () => {
    const event = (
      await send('POST', '/events', { ...minimal, venue: ids.venue, organizer: [ids.organizer] })
    ).body
    const form = await server.request(`${NS}/events/${event.id}`, {
      method: 'POST',
      token: admin,
      rawBody: new URLSearchParams({ venue: '0', organizer: '' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect([form.status, form.body.venue, form.body.organizer]).toEqual([200, [], []])
    const mixed = await send('PATCH', `/events/${event.id}`, {
      venue: [0, ids.venue2],
      organizer: `0,${ids.organizer}`,
    })
    expect([mixed.body.venue.id, mixed.body.organizer.map((o: { id: number }) => o.id)]).toEqual([
      ids.venue2,
      [ids.organizer],
    ])
    const terms = await send('PATCH', `/events/${event.id}`, {
      categories: [0, ids.category],
      tags: '0',
    })
    expect([terms.body.categories.map((c: { id: number }) => c.id), terms.body.tags]).toEqual([
      [ids.category],
      [],
    ])
  })

  test('image "0" removes the image, as an empty one does', async () => {
    const event = (await send('POST', '/events', { ...minimal, image: String(ids.media) })).body
    expect(event.image.id).toBe(ids.media)
    const cleared = await send('PATCH', `/events/${event.id}`, { image: '0' })
    expect([cleared.status, cleared.body.image]).toEqual([200, false])
    const venue = (
      await send('POST', '/venues', { venue: 'Ids Gallery', image: String(ids.media) })
    ).body
    expect(venue.image.id).toBe(ids.media)
    const venueCleared = await send('POST', `/venues/${venue.id}`, { image: '0' })
    expect([venueCleared.status, 'image' in venueCleared.body]).toEqual([200, false])
  })

  test('parent 0 makes a category top-level; on tags any parent is refused', async () => {
    const child = (await send('POST', '/categories', { name: 'Ids Bebop', parent: ids.category }))
      .body
    expect(child.parent).toBe(ids.category)
    const moved = await send('PUT', `/categories/${child.id}`, { parent: 0 })
    expect([moved.status, moved.body.parent]).toEqual([200, 0])
    const top = await send('POST', '/categories', { name: 'Ids Folk', parent: '0' })
    expect([top.status, top.body.parent]).toEqual([201, 0])
    const tag = await send('PUT', `/tags/${ids.tag}`, { parent: 0 })
    expect([tag.status, tag.body.code]).toEqual([400, 'rest_taxonomy_not_hierarchical'])
  })
})
