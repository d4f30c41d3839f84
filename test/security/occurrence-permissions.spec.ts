import * as T from '../fixtures/permissions.js'
import {
  type Caller,
  CALLERS,
  cellOf,
  type Outcome,
  outcome,
  type Owner,
} from '../fixtures/permissions.js'
import { inDays } from '../helpers/calendar.js'
import { testNeeding } from '../helpers/database.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { usersOfEveryRole } from '../helpers/users.js'
import { textToRichText } from '../../src/richText/fromText.js'
import { occurrenceWireId } from '../../src/recurrence/series.js'

/*
 * The permission matrix of the occurrences of a series (docs/api.md#recurring-events: permissions, drafts, trash
 * and passwords apply to an occurrence as to its event): every caller × read, change, cancel, `scope=all`,
 * `scope=following` and the Pro add-on's `_tec_update_type` × every state of a series an author or an editor
 * wrote, against the event tables of fixtures/permissions.ts. Writes that are let through stop at a validation
 * error of their own, so nothing may change (events and occurrences compared before and after); cancels that are
 * let through are done and undone.
 */

const NS = '/api/calendar/events/v1'
const PASSWORD = 'opensesame'
const NOBODY = 999_999

type Spec = { state: (typeof T.EVENT_STATES)[number]; owner: Owner }
type Series = { id: number; occurrences: number[] }

const SPECS: Spec[] = T.EVENT_STATES.flatMap((state) =>
  (['author', 'editor'] as const).map((owner) => ({ state, owner })),
)
const nameOf = ({ state, owner }: Spec) => `Occurrence matrix ${state} of ${owner}`
/** The author is sent to their own series and someone else's; everyone else to an author's. */
const callersFor = (spec: Spec) =>
  CALLERS.filter((caller) => caller === 'author' || spec.owner === 'author')
const label = (caller: Caller, what: string, spec: Spec) =>
  `${caller === 'author' ? `author:${spec.owner === 'author' ? 'own' : 'other'}` : caller} × ${what} × ${spec.state} series`

let server: TestServer
const tokens: Partial<Record<Caller, string>> = {}
const userIds: Partial<Record<Owner, number>> = {}
const series = new Map<string, Series>()
const seriesOf = (spec: Spec) => series.get(nameOf(spec))!

beforeAll(async () => {
  server = await startTestServer()
  const users = await usersOfEveryRole(server)
  Object.assign(tokens, users.tokens)
  Object.assign(userIds, users.ids)
  for (const spec of SPECS) {
    const status = ['trash', 'password'].includes(spec.state) ? 'publish' : spec.state
    const event = await server.payload.create({
      collection: 'events',
      data: {
        title: nameOf(spec),
        status,
        author: userIds[spec.owner],
        startDate: inDays(10),
        endDate: inDays(10, 21),
        recurrence: { rule: 'FREQ=WEEKLY;COUNT=3' },
        ...(spec.state === 'future' && { publishedAt: inDays(30) }),
        ...(spec.state === 'password' && {
          passwordProtected: true,
          password: PASSWORD,
          description: textToRichText('protected'),
        }),
      } as never,
    })
    const { docs } = await server.payload.find({
      collection: 'event-occurrences',
      where: { series: { equals: event.id } },
      sort: 'startDate',
      depth: 0,
    })
    series.set(nameOf(spec), {
      id: event.id as number,
      occurrences: docs.map((doc) => occurrenceWireId(doc.id as number)),
    })
  }
  for (const spec of SPECS.filter(({ state }) => state === 'trash'))
    await server.payload.update({
      collection: 'events',
      id: seriesOf(spec).id,
      data: { deletedAt: new Date().toISOString() } as never,
    })
})
afterAll(() => server?.stop())

async function send(caller: Caller, method: string, url: string, body?: unknown) {
  return server.request(`${NS}${url}`, { method, token: tokens[caller], body })
}

/** What is wrong with an answer, if anything. */
function wrong(what: string, expected: Exclude<Outcome, 'ok'>, got: { status: number; body: any }) {
  const right =
    got.status === expected.status &&
    (expected.code === undefined || got.body?.code === expected.code)
  const answer = `${got.status} ${typeof got.body?.code === 'string' ? got.body.code : ''}`.trim()
  return right
    ? []
    : [`${what}: expected ${`${expected.status} ${expected.code ?? ''}`.trim()}, got ${answer}`]
}

/** Everything about the matrix's series and their occurrences that a write could change. */
async function snapshot() {
  const find = (collection: 'event-occurrences' | 'events') =>
    server.payload.find({
      collection,
      depth: 0,
      locale: 'all',
      pagination: false,
      showHiddenFields: true,
      trash: collection === 'events',
    } as never)
  const strip = (docs: unknown[]) =>
    JSON.parse(
      JSON.stringify(docs, (key, value) =>
        key === 'updatedAt' || key === 'deletedAt' ? undefined : value,
      ),
    )
  return {
    events: strip((await find('events')).docs),
    occurrences: strip((await find('event-occurrences')).docs),
  }
}

const rowsOf = (state: string) =>
  [...T.EVENT_READ_BY_ID.keys()].filter((key) => key === state || key.startsWith(`${state} ?`))
const queryOf = (row: string) =>
  (row.split(' ')[1] ?? '').replace('password=right', `password=${PASSWORD}`)

test('each series of the matrix has its three occurrences', () => {
  expect(SPECS.map((spec) => seriesOf(spec).occurrences.length)).toEqual(SPECS.map(() => 3))
})

test('an occurrence is read as its event is, by every caller, in every state', async () => {
  const failures: string[] = []
  for (const spec of SPECS)
    for (const caller of callersFor(spec))
      for (const row of rowsOf(spec.state)) {
        const [, second] = seriesOf(spec).occurrences
        const got = await send(caller, 'GET', `/events/${second}${queryOf(row)}`)
        const expected = outcome(cellOf(T.EVENT_READ_BY_ID, row, caller, spec.owner), 'event')
        failures.push(
          ...wrong(
            label(caller, `GET /events/<occurrence>${queryOf(row)}`, spec),
            expected as never,
            got,
          ),
        )
        if (got.status === 200 && got.body.id !== second)
          failures.push(
            `${label(caller, 'GET /events/<occurrence>', spec)}: answered ${got.body.id}`,
          )
      }
  expect(failures).toEqual([])
})

/**
 * Writes to an occurrence's id, each with a probe that its own validation refuses once permission lets it through:
 * an author of nobody, which an occurrence alone has not (`scope` this) and its event cannot take. A split
 * (`scope=following`, `_tec_update_type=upcoming`) is made before the copy's own write refuses the probe, so that
 * nothing changes rests on the write's transaction.
 */
const WRITES = [
  { method: 'PATCH', query: '', on: 'second', splits: false },
  { method: 'PUT', query: '?scope=all', on: 'second', splits: false },
  { method: 'POST', query: '?scope=following', on: 'second', splits: true },
  { method: 'PATCH', query: '?_tec_update_type=upcoming', on: 'second', splits: true },
  { method: 'PATCH', query: '?_tec_update_type=all', on: 'last', splits: false },
] as const

/** Sends the writes whose cell `which` picks, and says what went wrong; nothing may change. */
async function writeCells(which: (expected: Outcome, splits: boolean) => boolean) {
  const before = await snapshot()
  const failures: string[] = []
  let sent = 0
  for (const spec of SPECS)
    for (const caller of callersFor(spec))
      for (const { method, query, on, splits } of WRITES) {
        const expected = outcome(cellOf(T.WRITE_BY_ID, spec.state, caller, spec.owner), 'event')
        if (!which(expected, splits)) continue
        const { occurrences } = seriesOf(spec)
        const id = on === 'second' ? occurrences[1] : occurrences[2]
        const got = await send(caller, method, `/events/${id}${query}`, {
          author: NOBODY,
          cancelled: true,
        })
        sent++
        failures.push(
          ...wrong(
            label(caller, `${method} /events/<${on} occurrence>${query}`, spec),
            expected === 'ok' ? { status: 400, code: 'rest_invalid_param' } : expected,
            got,
          ),
        )
      }
  expect(sent).toBeGreaterThan(0)
  expect(failures).toEqual([])
  expect(await snapshot()).toEqual(before)
}

test('writes to an occurrence are refused before anything changes', () =>
  writeCells((expected) => expected !== 'ok'))

test('writes to an occurrence that permission lets through stop at their own validation', () =>
  writeCells((expected, splits) => expected === 'ok' && !splits))

testNeeding('transactions')(
  'a split that permission lets through is undone when the copy refuses the write',
  () => writeCells((expected, splits) => expected === 'ok' && splits),
)

test('cancelling an occurrence (DELETE, or cancelled: true) is for whoever may edit its event', async () => {
  const before = await snapshot()
  const failures: string[] = []
  for (const spec of SPECS)
    for (const caller of callersFor(spec))
      for (const how of ['DELETE', 'cancelled'] as const) {
        const [, second] = seriesOf(spec).occurrences
        const what = label(
          caller,
          how === 'DELETE' ? 'DELETE /events/<occurrence>' : 'PATCH { cancelled: true }',
          spec,
        )
        const expected = outcome(cellOf(T.WRITE_BY_ID, spec.state, caller, spec.owner), 'event')
        const got =
          how === 'DELETE'
            ? await send(caller, 'DELETE', `/events/${second}`)
            : await send(caller, 'PATCH', `/events/${second}`, { cancelled: true })
        if (expected !== 'ok') {
          failures.push(...wrong(what, expected, got))
          continue
        }
        failures.push(...wrong(what, { status: 200 }, got))
        if (got.body?.recurrence?.cancelled !== true) failures.push(`${what}: not cancelled`)
        const restored = await send('admin', 'PATCH', `/events/${second}`, { cancelled: false })
        if (restored.body?.recurrence?.cancelled !== false) failures.push(`${what}: not restored`)
      }
  expect(failures).toEqual([])
  const unchanged = (snap: Awaited<ReturnType<typeof snapshot>>) => ({
    events: snap.events,
    occurrences: snap.occurrences.map(({ changed, ...rest }: { changed?: boolean }) => rest),
  })
  expect(unchanged(await snapshot())).toEqual(unchanged(before))
})
