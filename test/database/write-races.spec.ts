/**
 * Two server instances on one database, as a site runs during a deploy: a write to one instance racing a trash or
 * delete of the same record on the other answers as for the order the database settled (the write applied before,
 * or the trashed or deleted record's answer after), never a 500, and leaves the record whole.
 */
import { objectIdOf } from '../../src/database/recordIds.js'
import { createTestDatabase, type TestDatabase } from '../helpers/database.js'
import { type HostProcess, startHostProcess } from '../helpers/hostProcess.js'
import { createUserByScript } from '../helpers/run.js'

const NS = '/api/calendar/events/v1'
const EDITOR = { email: 'races-editor@example.test', password: 'a-long-editor-password' }
/** Rounds of each race: at 10 % of rounds losing without the safeguards, 40 fail on almost every run. */
const ROUNDS = 40

let database: TestDatabase
let first: HostProcess
let second: HostProcess
let token: string

type Answer = { status: number; body: any }

async function call(base: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${NS}${path}`, {
    method,
    headers: {
      authorization: `JWT ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The removal sent to one instance, and the write to the other 0 to 38 milliseconds later, by turns: the removal
 * takes about that long, so some writes start just before it commits.
 */
async function race(
  round: number,
  removal: () => Promise<Answer>,
  write: () => Promise<Answer>,
  gap = (round % 20) * 2,
) {
  const removed = removal()
  await pause(gap)
  const written = write()
  return { removed: await removed, written: await written }
}

/** `status code` of every answer that is not one of `allowed`. */
const unexpected = (answers: Answer[], allowed: string[]) =>
  answers
    .map(({ status, body }) => `${status} ${body?.code ?? ''}`.trim())
    .filter((answer) => !allowed.includes(answer))

beforeAll(async () => {
  database = await createTestDatabase()
  await createUserByScript(database.uri, EDITOR)
  first = await startHostProcess(database.uri, { admin: false })
  second = await startHostProcess(database.uri, { admin: false })
  const login = await fetch(`${first.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(EDITOR),
  })
  token = ((await login.json()) as { token: string }).token
}, 5 * 60_000)

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()])
  await database?.drop()
})

test('an event update racing its trash on another instance is applied before it or answered 410 after it', async () => {
  const answers: Answer[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const { body: event } = await call(first.url, 'POST', '/events', {
      title: `Race ${round}`,
      start_date: '2027-07-05 20:00:00',
      end_date: '2027-07-05 23:00:00',
    })
    const { removed, written } = await race(
      round,
      () => call(second.url, 'DELETE', `/events/${event.id}`),
      () => call(first.url, 'POST', `/events/${event.id}`, { excerpt: `Edit ${round}` }),
    )
    answers.push(removed, written)
    expect(unexpected([removed], ['200'])).toEqual([])
    const trashed = await call(first.url, 'GET', `/events?status=trash&include=${event.id}`)
    expect(trashed.body.events.map(({ id }: { id: number }) => id)).toEqual([event.id])
    if (written.status === 200) expect(trashed.body.events[0].excerpt).toBe(`<p>Edit ${round}</p>`)
  }
  expect(unexpected(answers, ['200', '410 event-is-in-trash'])).toEqual([])
})

test.each([
  ['venues', 'venue'],
  ['organizers', 'organizer'],
])(
  'a %s update racing its trash on another instance is applied before it or answered 410 after it',
  async (plural, resource) => {
    const answers: Answer[] = []
    for (let round = 0; round < ROUNDS / 2; round++) {
      const { body: record } = await call(first.url, 'POST', `/${plural}`, {
        [resource]: `Racing ${resource} ${round}`,
      })
      const { removed, written } = await race(
        round,
        () => call(second.url, 'DELETE', `/${plural}/${record.id}`),
        () => call(first.url, 'POST', `/${plural}/${record.id}`, { phone: `555-${round}` }),
      )
      answers.push(removed, written)
      expect(unexpected([removed], ['200'])).toEqual([])
    }
    expect(unexpected(answers, ['200', `410 ${resource}-is-in-trash`])).toEqual([])
  },
)

test('a term update racing its deletion on another instance is applied before it or refused after it', async () => {
  const answers: Answer[] = []
  for (let round = 0; round < ROUNDS / 2; round++) {
    const { body: term } = await call(first.url, 'POST', '/tags', { name: `racing tag ${round}` })
    const { removed, written } = await race(
      round,
      () => call(second.url, 'DELETE', `/tags/${term.id}`),
      () => call(first.url, 'POST', `/tags/${term.id}`, { description: `Described ${round}` }),
    )
    answers.push(written)
    expect(unexpected([removed], ['200'])).toEqual([])
    expect((await call(first.url, 'GET', `/tags/${term.id}`)).status).not.toBe(200)
  }
  expect(unexpected(answers, ['200', '400 rest_invalid_param'])).toEqual([])
})

test('an event naming a category deleted at the same time on another instance is created without it or refused', async () => {
  const answers: Answer[] = []
  for (let round = 0; round < ROUNDS / 2; round++) {
    const { body: category } = await call(first.url, 'POST', '/categories', {
      name: `Racing category ${round}`,
    })
    const { removed, written } = await race(
      round,
      () => call(second.url, 'DELETE', `/categories/${category.id}`),
      () =>
        call(first.url, 'POST', '/events', {
          title: `Categorised ${round}`,
          start_date: '2027-07-05 20:00:00',
          end_date: '2027-07-05 23:00:00',
          categories: [category.id],
        }),
    )
    answers.push(written)
    expect(unexpected([removed], ['200'])).toEqual([])
    if (written.status === 201) {
      const stored = await call(first.url, 'GET', `/events/${written.body.id}`)
      expect(stored.body.categories).toEqual([])
    }
  }
  expect(unexpected(answers, ['201', '400 rest_invalid_param'])).toEqual([])
})

/** A weekly series of four dates, and its third occurrence as the namespace lists it. */
async function seriesWithOccurrence(round: number) {
  const { body: series } = await call(first.url, 'POST', '/events', {
    title: `Racing series ${round}`,
    status: 'publish',
    start_date: '2027-07-05 20:00:00',
    end_date: '2027-07-05 21:00:00',
    recurrence: 'FREQ=WEEKLY;COUNT=4',
  })
  const { body } = await call(first.url, 'GET', `/events?include=${series.id}`)
  const third = body.events.find(
    (event: { recurrence: { occurrence: string } }) => event.recurrence.occurrence === '2027-07-19',
  )
  return { series, third }
}

/** How a series is removed in a race, what a write after it answers, and what must be left of the series. */
type Removal = {
  remove: (series: number) => Promise<Answer>
  after: string
  left: (series: number, occurrence: number) => Promise<void>
}

/** To the trash: the series stays there, and a write after it is a 410. */
const TRASH: Removal = {
  remove: (series) => call(second.url, 'DELETE', `/events/${series}`),
  after: '410 event-is-in-trash',
  left: async (series) => {
    const trashed = await call(first.url, 'GET', `/events?status=trash&include=${series}`)
    expect(trashed.body.events.length).toBeGreaterThan(0)
  },
}

/** A record's id in Payload's own REST API: on MongoDB the ObjectId that holds its number. */
const payloadId = (id: number) => (database.kind === 'mongo' ? objectIdOf(id) : id)

/**
 * For good, as emptying the trash in the admin does (Payload's own REST delete; the namespace only trashes): nothing
 * of the series is left, and a write after it is a 404. Its occurrence's id answers nothing, or (a split that came
 * first handed it over) an occurrence of the new event.
 */
const DELETE: Removal = {
  remove: async (series) => {
    const response = await fetch(`${second.url}/api/events/${payloadId(series)}`, {
      method: 'DELETE',
      headers: { authorization: `JWT ${token}` },
    })
    return { status: response.status, body: await response.json() }
  },
  after: '404 rest-event-not-found',
  left: async (series, occurrence) => {
    expect((await call(first.url, 'GET', `/events/${series}`)).status).toBe(404)
    const { status, body } = await call(first.url, 'GET', `/events/${occurrence}`)
    expect(status === 404 || body.recurrence.series_id !== series).toBe(true)
  },
}

/**
 * The removal of a series on one instance and a write to one of its occurrences on the other, sent first by turns
 * (the removal 0 to 90 ms after the write, the write 2 to 38 ms after the removal), so that both orders happen in
 * a run: the write is applied before the removal or answered as after it, never anything else.
 */
async function raceOccurrenceWrite(
  write: (occurrence: number) => Promise<Answer>,
  removal: Removal = TRASH,
) {
  const outcomes = new Set<string>()
  const unexpectedAnswers: string[] = []
  for (let round = 0; round < ROUNDS / 2; round++) {
    const { series, third } = await seriesWithOccurrence(round)
    const remove = () => removal.remove(series.id)
    const written = () => write(third.id)
    const answers =
      round % 2
        ? await race(round, remove, written)
        : // Up to 90 ms ahead, so that the write gets its turn first in some rounds even on a slow machine.
          await race(round, written, remove, round * 5).then(({ removed, written }) => ({
            removed: written,
            written: removed,
          }))
    unexpectedAnswers.push(...unexpected([answers.removed], ['200']))
    unexpectedAnswers.push(...unexpected([answers.written], ['200', removal.after]))
    outcomes.add(answers.written.status === 200 ? 'written before' : 'refused after')
    await removal.left(series.id, third.id)
  }
  expect(unexpectedAnswers).toEqual([])
  expect([...outcomes].sort()).toEqual(['refused after', 'written before'])
}

test("an occurrence's own write racing the trash of its series on another instance is applied before it or answered 410 after it", () =>
  raceOccurrenceWrite((occurrence) =>
    call(first.url, 'POST', `/events/${occurrence}`, { title: 'Its own title' }),
  ))

test('a split of a series racing its trash on another instance is applied before it or answered 410 after it', () =>
  raceOccurrenceWrite((occurrence) =>
    call(first.url, 'POST', `/events/${occurrence}?scope=following`, { title: 'From here on' }),
  ))

test("an occurrence's own write racing the deletion of its series on another instance is applied before it or answered 404 after it, and nothing of the series is left", () =>
  raceOccurrenceWrite(
    (occurrence) => call(first.url, 'POST', `/events/${occurrence}`, { title: 'Its own title' }),
    DELETE,
  ))

test('a split of a series racing its deletion on another instance is applied before it or answered 404 after it', () =>
  raceOccurrenceWrite(
    (occurrence) =>
      call(first.url, 'POST', `/events/${occurrence}?scope=following`, { title: 'From here on' }),
    DELETE,
  ))
