/**
 * Anonymous reads of the namespace are answered from memory until the calendar changes, in any server process
 * sharing the database; authenticated reads never are. A change made straight in the database (no hooks, no
 * stamp) shows whether a response came from the cache: the cache keeps the old value until a real write.
 */
import { createCalendar, inDays } from '../helpers/calendar.js'
import { type HostProcess, startHostProcess } from '../helpers/hostProcess.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { createUser, registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'

let server: TestServer
let second: HostProcess
let calendar: Awaited<ReturnType<typeof createCalendar>>
let editor: string

/** Changes an event's cost behind the calendar's back: no hooks run, so no cached response is retired. */
const quietlySetCost = (id: number, cost: string) =>
  server.payload.db.updateOne({
    collection: 'events',
    id: server.payloadId(id),
    data: { cost },
    req: {},
    returning: false,
  })

const costOf = async (base: string, path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${NS}${path}`, { headers })
  return ((await response.json()) as { cost: string }).cost
}

beforeAll(async () => {
  server = await startTestServer()
  const admin = await registerFirstUser(server)
  editor = (await createUser(server, admin, 'editor@example.test', 'editor')).token
  calendar = await createCalendar(server.payload)
  second = await startHostProcess(server.database.uri, { admin: false })
})

afterAll(async () => {
  await second?.stop()
  await server?.stop()
})

describe('anonymous reads', () => {
  test('are answered from the cache until the calendar changes', async () => {
    const { id } = calendar.events.concert
    expect(await costOf(server.url, `/events/${id}`)).toBe('')
    await quietlySetCost(id, '$99')
    expect(await costOf(server.url, `/events/${id}`)).toBe('')
    expect(await costOf(server.url, `/events/${id}`, { authorization: `JWT ${editor}` })).toBe(
      '$99',
    )

    const { status } = await server.request(`${NS}/tags/${calendar.tags.free.id}`, {
      method: 'POST',
      token: editor,
      body: { description: 'Costs nothing' },
    })
    expect(status).toBe(200)
    expect(await costOf(server.url, `/events/${id}`)).toBe('$99')
  })

  test('are fresh right after every kind of write: namespace, Payload REST, Local API, delete', async () => {
    const list = async () =>
      (
        (await (await fetch(`${server.url}${NS}/events?per_page=50`)).json()) as {
          events: { title: string }[]
        }
      ).events.map((event) => event.title)
    const before = await list()

    const created = await server.request(`${NS}/events`, {
      token: editor,
      body: {
        title: 'Pop-up Market',
        start_date: inDays(10, 10),
        end_date: inDays(10, 16),
        status: 'publish',
      },
    })
    expect(created.status).toBe(201)
    expect(await list()).toEqual(expect.arrayContaining([...before, 'Pop-up Market']))

    const renamed = await server.request(`/api/events/${server.payloadId(created.body.id)}`, {
      method: 'PATCH',
      token: editor,
      body: { title: 'Night Market' },
    })
    expect(renamed.status).toBe(200)
    expect(await list()).toContain('Night Market')

    await server.payload.update({
      collection: 'events',
      id: created.body.id,
      data: { title: 'Harbour Market' },
    })
    expect(await list()).toContain('Harbour Market')

    const trashed = await server.request(`${NS}/events/${created.body.id}`, {
      method: 'DELETE',
      token: editor,
    })
    expect(trashed.status).toBe(200)
    expect(await list()).toEqual(before)
  })

  test('are kept per language, prefix and parameter', async () => {
    const { id } = calendar.events.jazzNight
    const title = async (path: string) =>
      ((await (await fetch(`${server.url}${path}`)).json()) as { title: string }).title
    expect(await title(`${NS}/events/${id}`)).toBe('Jazz Night')
    expect(await title(`${NS}/events/${id}?ml_language=zh-hant`)).toBe('爵士之夜')
    expect(await title(`/zh-hant${NS}/events/${id}`)).toBe('爵士之夜')
    expect(await title(`/en${NS}/events/${id}`)).toBe('Jazz Night')
    expect(await title(`${NS}/events/${id}?ml_language=zh-hant`)).toBe('爵士之夜')
    expect(await title(`${NS}/events/${id}`)).toBe('Jazz Night')
  })

  test('carry an ETag: a matching If-None-Match gets 304 until the calendar changes', async () => {
    const path = `${server.url}${NS}/venues/${calendar.venues.hall.id}`
    const first = await fetch(path)
    const etag = first.headers.get('etag')!
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10')
    const again = await fetch(path, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)

    await server.request(`${NS}/venues/${calendar.venues.hall.id}`, {
      method: 'POST',
      token: editor,
      body: { phone: '+1 555-0199' },
    })
    const changed = await fetch(path, { headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    expect((await changed.json()).phone).toBe('+1 555-0199')
  })

  test('with an event password are computed every time', async () => {
    const { id } = calendar.events.secret
    const path = `/events/${id}?password=opensesame`
    expect(await costOf(server.url, path)).toBe('$5')
    await quietlySetCost(id, '$6')
    expect(await costOf(server.url, path)).toBe('$6')
  })
})

describe('authenticated reads', () => {
  test('never come from the anonymous cache and are never kept', async () => {
    const anonymous = await server.request(`${NS}/events?per_page=50`)
    const asEditor = await server.request(`${NS}/events?per_page=50`, { token: editor })
    const titles = (body: { events: { title: string }[] }) =>
      body.events.map((event) => event.title)
    expect(titles(anonymous.body)).not.toContain('Draft Planning Meeting')
    expect(titles(asEditor.body)).toContain('Draft Planning Meeting')
    expect(asEditor.headers.get('cache-control')).toBe(
      'no-cache, must-revalidate, max-age=0, no-store, private',
    )
    expect(asEditor.headers.get('etag')).toBeNull()
    const again = await server.request(`${NS}/events?per_page=50`)
    expect(titles(again.body)).toEqual(titles(anonymous.body))
  })
})

describe('two server processes on one database', () => {
  test('no stale read survives a write made by the other process', async () => {
    const { id } = calendar.events.run
    for (const [writer, reader] of [
      [server.url, second.url],
      [second.url, server.url],
      [server.url, second.url],
    ]) {
      const before = await costOf(reader, `/events/${id}`)
      const cost = `$${Number(before.replace(/\D/g, '') || 0) + 1}`
      const write = await fetch(`${writer}${NS}/events/${id}`, {
        method: 'POST',
        headers: { authorization: `JWT ${editor}`, 'content-type': 'application/json' },
        body: JSON.stringify({ cost }),
      })
      expect(write.status).toBe(200)
      expect(await costOf(reader, `/events/${id}`)).toBe(cost)
      expect(await costOf(writer, `/events/${id}`)).toBe(cost)
    }
  })
})
