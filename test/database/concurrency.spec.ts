import { testNeeding } from '../helpers/database.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { createUser, registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'

let server: TestServer
let editor: string

beforeAll(async () => {
  server = await startTestServer()
  const admin = await registerFirstUser(server)
  editor = (await createUser(server, admin, 'editor@example.test', 'editor')).token
})
afterAll(() => server?.stop())

const send = (method: string, path: string, body?: unknown) =>
  server.request(`${NS}${path}`, { method, body, token: editor })
const inParallel = <T>(count: number, make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => make(i)))
const event = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  start_date: '2027-07-05 20:00:00',
  end_date: '2027-07-05 23:00:00',
  ...extra,
})
const statuses = (answers: { status: number }[]) => answers.map(({ status }) => status)
/** The name as given, in lower case or in upper case, by turns: names match whatever their case. */
const cased = (name: string, i: number) => [name, name.toLowerCase(), name.toUpperCase()][i % 3]
/** Records whose name is `name` but for case. */
const countNamed = async (collection: string, name: string) =>
  (
    await server.payload.find({
      collection: collection as 'venues',
      depth: 0,
      pagination: false,
      where: { name: { like: name } },
    })
  ).docs.filter((doc) => doc.name?.toLowerCase() === name.toLowerCase()).length
const stored = (id: number) =>
  server.payload.findByID({
    collection: 'events',
    id,
    depth: 0,
    locale: 'all',
    trash: true,
  }) as Promise<Record<string, any>>

describe('parallel creates', () => {
  test('50 events with one title: all created, each with its own slug', async () => {
    // Half carry a password: hashing it yields inside the write, so the writes really overlap.
    const answers = await inParallel(50, (i) =>
      send('POST', '/events', event('Same Title', i % 2 ? { password: 'pw' } : {})),
    )
    expect(statuses(answers)).toEqual(Array(50).fill(201))
    const slugs = answers.map(({ body }) => body.slug).sort()
    expect(slugs).toEqual(
      ['same-title', ...Array.from({ length: 49 }, (_, i) => `same-title-${i + 2}`)].sort(),
    )
    const { totalDocs } = await server.payload.count({
      collection: 'events',
      where: { slug: { like: 'same-title' } },
    })
    expect(totalDocs).toBe(50)
  })

  // Writers outside the namespace take no turns: the slug's unique index is what keeps their slugs apart.
  testNeeding('unique indexes')(
    'events written by another writer at the same time still get their own slugs',
    async () => {
      // Local API creates stand for the admin: they do not queue behind the namespace's writes.
      const [rest, local] = await Promise.all([
        inParallel(15, () => send('POST', '/events', event('Shared Title'))),
        inParallel(15, (i) =>
          server.payload
            .create({
              collection: 'events',
              data: {
                title: 'Shared Title',
                startDate: '2027-07-05T20:00:00Z',
                endDate: '2027-07-05T23:00:00Z',
                password: `pw${i}`,
              } as never,
            })
            .then((doc) => doc.slug as string),
        ),
      ])
      expect(statuses(rest)).toEqual(Array(15).fill(201))
      const slugs = [...rest.map(({ body }) => body.slug), ...local]
      expect(new Set(slugs).size).toBe(30)
    },
  )

  test.each(['venues', 'organizers'])(
    '20 %s with one name in three cases: one record, every answer is that record',
    async (plural) => {
      const key = plural === 'venues' ? 'venue' : 'organizer'
      const answers = await inParallel(20, (i) =>
        send('POST', `/${plural}`, { [key]: cased('Twin Name', i), phone: `555-01${i}` }),
      )
      expect(statuses(answers)).toEqual(Array(20).fill(201))
      expect(new Set(answers.map(({ body }) => body.id)).size).toBe(1)
      expect(await countNamed(plural, 'Twin Name')).toBe(1)
    },
  )

  test.each(['categories', 'tags'])(
    '20 %s with one name in three cases: one created, the others term_exists',
    async (taxonomy) => {
      const answers = await inParallel(20, (i) =>
        send('POST', `/${taxonomy}`, { name: cased('Twin Term', i) }),
      )
      const created = answers.filter(({ status }) => status === 201)
      expect(created).toHaveLength(1)
      const id = created[0].body.id
      for (const { status, body } of answers.filter((answer) => answer !== created[0])) {
        expect([status, body.code, body.data.term_id]).toEqual([400, 'term_exists', id])
      }
      expect(
        await countNamed(
          taxonomy === 'categories' ? 'event-categories' : 'event-tags',
          'Twin Term',
        ),
      ).toBe(1)
    },
  )

  test('events naming one new category and venue, in three cases, share them instead of making twins', async () => {
    const answers = await inParallel(20, (i) =>
      send(
        'POST',
        '/events',
        event('Named Links', {
          categories: [cased('Brand New Genre', i)],
          venue: { venue: cased('Brand New Hall', i + 1) },
        }),
      ),
    )
    expect(statuses(answers)).toEqual(Array(20).fill(201))
    expect(new Set(answers.map(({ body }) => body.categories[0].id)).size).toBe(1)
    expect(new Set(answers.map(({ body }) => body.venue.id)).size).toBe(1)
    expect(await countNamed('event-categories', 'Brand New Genre')).toBe(1)
    expect(await countNamed('venues', 'Brand New Hall')).toBe(1)
  })
})

describe('parallel writes to one event', () => {
  test('updates in two languages end as one whole write per language, relations included', async () => {
    const tags = await inParallel(10, (i) => send('POST', '/tags', { name: `Version ${i}` }))
    const { body: created } = await send('POST', '/events', event('Original'))
    const answers = await inParallel(20, (i) => {
      const n = i >> 1
      return i % 2
        ? send('PATCH', `/events/${created.id}?ml_language=zh-hant`, {
            title: `標題 ${n}`,
            excerpt: `摘要 ${n}`,
          })
        : send('PATCH', `/events/${created.id}`, {
            title: `Title ${n}`,
            excerpt: `Excerpt ${n}`,
            cost: `${n}`,
            tags: [tags[n].body.id],
          })
    })
    expect(statuses(answers)).toEqual(Array(20).fill(200))
    const doc = await stored(created.id)
    const en = Number(/^Title (\d)$/.exec(doc.title.en)![1])
    expect([doc.excerpt.en, doc.cost, doc.tags]).toEqual([
      `Excerpt ${en}`,
      `${en}`,
      [tags[en].body.id],
    ])
    const zh = Number(/^標題 (\d)$/.exec(doc.title['zh-hant'])![1])
    expect(doc.excerpt['zh-hant']).toBe(`摘要 ${zh}`)
  })

  test('a delete racing updates ends trashed; each update is applied before it or refused after it', async () => {
    for (let round = 0; round < 5; round++) {
      const { body: created } = await send('POST', '/events', event(`Race ${round}`))
      const [removal, ...updates] = await Promise.all([
        send('DELETE', `/events/${created.id}`),
        ...Array.from({ length: 6 }, (_, i) =>
          send('PATCH', `/events/${created.id}`, { excerpt: `Edit ${i}` }),
        ),
      ])
      expect(removal.status).toBe(200)
      for (const { status, body } of updates) {
        expect(status === 200 || (status === 410 && body.code === 'event-is-in-trash')).toBe(true)
      }
      const doc = await stored(created.id)
      expect(doc.deletedAt).toBeTruthy()
      const applied = updates.flatMap(({ status }, i) => (status === 200 ? [`Edit ${i}`] : []))
      expect(applied.length ? applied : [null]).toContain(doc.excerpt?.en ?? null)
    }
  })
})

test('term counts stay true under parallel creates, updates and deletes of events carrying them', async () => {
  const terms = [
    (await send('POST', '/categories', { name: 'Counted A' })).body.id,
    (await send('POST', '/categories', { name: 'Counted B' })).body.id,
  ]
  // What each event is, by the writes confirmed: its categories, its status, whether it is in the trash.
  const events = Array.from({ length: 30 }, (_, i) => ({
    categories: i % 2 ? terms : [terms[0]],
    status: i % 5 ? 'publish' : 'draft',
    trashed: false,
  }))
  const expectCounts = async () => {
    for (const id of terms) {
      const counted = events.filter(
        (event) => !event.trashed && event.status === 'publish' && event.categories.includes(id),
      ).length
      expect([id, (await send('GET', `/categories/${id}`)).body.count]).toEqual([id, counted])
    }
  }
  const created = await inParallel(30, (i) =>
    send(
      'POST',
      '/events',
      event(`Counted ${i}`, { categories: events[i].categories, status: events[i].status }),
    ),
  )
  expect(statuses(created)).toEqual(Array(30).fill(201))
  await expectCounts()
  const changed = await inParallel(30, (i) => {
    const path = `/events/${created[i].body.id}`
    if (i % 3 === 0) {
      events[i].trashed = true
      return send('DELETE', path)
    }
    if (i % 3 === 1) {
      events[i].categories = [terms[1]]
      return send('PATCH', path, { categories: [terms[1]] })
    }
    events[i].status = i % 2 ? 'draft' : 'publish'
    return send('PATCH', path, { status: events[i].status })
  })
  expect(statuses(changed)).toEqual(Array(30).fill(200))
  await expectCounts()
})
