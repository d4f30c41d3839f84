import type { Method, Route } from '../../src/rest/route.js'

import { calendarRoutes } from '../../endpoints/index.js'
import { DEFAULT_LOCALES } from '../../src/core/constants.js'
import { resolveOptions } from '../../src/core/options.js'
import { METHODS } from '../../src/rest/route.js'
import { textToRichText } from '../../src/richText/fromText.js'
import * as T from '../fixtures/permissions.js'
import {
  type Caller,
  CALLERS,
  cellOf,
  type Outcome,
  outcome,
  type Owner,
  type Table,
} from '../fixtures/permissions.js'
import { inDays } from '../helpers/calendar.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { usersOfEveryRole } from '../helpers/users.js'

/*
 * Every caller × every route and method of the namespace × every record state, against the tables of
 * fixtures/permissions.ts. Records are seeded once. Refused writes must change nothing (compared before and
 * after); writes that are let through stop at a validation error of their own, except deletes, which are done
 * and undone.
 */

const NS = '/api/calendar/events/v1'
const PASSWORD = 'opensesame'
const NOBODY = 999_999

// ------------------------------------------------ routes, from the route table

type Segment = 'categories' | 'events' | 'organizers' | 'tags' | 'venues'
type Family = 'event' | 'post' | 'term'
type RouteInfo = {
  route: Route
  kind: 'collection' | 'doc' | 'id' | 'index' | 'slug'
  segment: Segment
  family: Family
}

const KIND: Record<
  Segment,
  { family: Family; collection: string; resource: 'event' | 'organizer' | 'venue'; noun: string }
> = {
  events: { family: 'event', collection: 'events', resource: 'event', noun: 'event' },
  venues: { family: 'post', collection: 'venues', resource: 'venue', noun: 'venue' },
  organizers: {
    family: 'post',
    collection: 'organizers',
    resource: 'organizer',
    noun: 'organizer',
  },
  categories: {
    family: 'term',
    collection: 'event-categories',
    resource: 'event',
    noun: 'category',
  },
  tags: { family: 'term', collection: 'event-tags', resource: 'event', noun: 'tag' },
}

const ROUTES = calendarRoutes(resolveOptions({}), [...DEFAULT_LOCALES]).map((route): RouteInfo => {
  const [, first, rest] = route.path.split('/')
  const segment = first as Segment
  if (route.path === '' || route.path === '/doc') {
    return { route, kind: route.path ? 'doc' : 'index', segment, family: 'event' }
  }
  return {
    route,
    kind: rest === undefined ? 'collection' : rest === 'by-slug' ? 'slug' : 'id',
    segment,
    family: KIND[segment]?.family,
  }
})
const pathOf = (info: RouteInfo) => info.route.path || '/'
const methodsOf = (info: RouteInfo) => METHODS.filter((method) => info.route.methods[method])
const route = (segment: Segment, kind: RouteInfo['kind']) =>
  ROUTES.find((info) => info.segment === segment && info.kind === kind)!

/** The row of ALLOW a route belongs to: `index`, `doc`, `event collection`, `term single`, … */
const allowRow = (info: RouteInfo) =>
  info.kind === 'index' || info.kind === 'doc'
    ? info.kind
    : `${info.family} ${info.kind === 'collection' ? 'collection' : 'single'}`

/** The tables of the routes that name one record, by family and kind. */
const RECORD_TABLES: Record<string, { read: Table; write: Table }> = {
  'event id': { read: T.EVENT_READ_BY_ID, write: T.WRITE_BY_ID },
  'event slug': { read: T.EVENT_READ_BY_SLUG, write: T.EVENT_WRITE_BY_SLUG },
  'post id': { read: T.POST_READ_BY_ID, write: T.WRITE_BY_ID },
  'post slug': { read: T.POST_READ_BY_SLUG, write: T.POST_WRITE_BY_SLUG },
  'term id': { read: T.TERM_READ, write: T.TERM_WRITE },
}
const tableOf = (info: RouteInfo, method: Method) =>
  RECORD_TABLES[`${info.family} ${info.kind}`]?.[method === 'GET' ? 'read' : 'write']

// ------------------------------------------------ records: every state, written by an author and by an editor

type RecordSpec = { segment: Segment; state: string; owner: Owner }
type Seeded = { id: number; slug: string }

const statesOf = (segment: Segment): readonly string[] =>
  segment === 'events'
    ? T.EVENT_STATES
    : KIND[segment].family === 'post'
      ? T.POST_STATES
      : ['used', 'unused']
const RECORDS: RecordSpec[] = (Object.keys(KIND) as Segment[]).flatMap((segment) =>
  statesOf(segment).flatMap((state) =>
    (KIND[segment].family === 'term' ? ['editor' as const] : (['author', 'editor'] as const)).map(
      (owner) => ({
        segment,
        state,
        owner,
      }),
    ),
  ),
)
const recordsOf = (segment: Segment) => RECORDS.filter((spec) => spec.segment === segment)
/** Unique text in each record's title or name, looked for in every response. */
const markerOf = ({ segment, state, owner }: RecordSpec) => `mx${segment}-${state}-${owner}`
/** What only the password unlocks: the excerpt, description, website and cost carry it. */
const secretOf = (owner: Owner) => `pwsecret-${owner}`

/**
 * Who is sent to a record: the author to their own and to someone else's; every other caller to an author's
 * records (for editors, someone else's), as the owner makes no other difference. Terms have no owner.
 */
const callersFor = (spec: RecordSpec) =>
  CALLERS.filter(
    (caller) =>
      caller === 'author' || spec.owner === 'author' || KIND[spec.segment].family === 'term',
  )
const label = (caller: Caller, what: string, spec?: RecordSpec) =>
  `${caller === 'author' && spec?.owner && KIND[spec.segment].family !== 'term' ? `author:${spec.owner === 'author' ? 'own' : 'other'}` : caller} × ${what}${spec ? ` × ${spec.state} ${KIND[spec.segment].noun}` : ''}`

let server: TestServer
const tokens: Partial<Record<Caller, string>> = {}
const userIds: Partial<Record<Owner, number>> = {}
const seeded = new Map<string, Seeded>()
const record = (spec: RecordSpec) => seeded.get(markerOf(spec))!
let hub: Seeded

async function seed() {
  const create = async (segment: Segment, data: Record<string, unknown>) =>
    (await server.payload.create({
      collection: KIND[segment].collection as 'events',
      data: data as never,
    })) as unknown as Seeded
  for (const spec of RECORDS.filter(({ segment }) => KIND[segment].family === 'term')) {
    seeded.set(markerOf(spec), await create(spec.segment, { name: `Matrix ${markerOf(spec)}` }))
  }
  const terms = (used: boolean) => ({
    categories: [
      record({ segment: 'categories', state: used ? 'used' : 'unused', owner: 'editor' }).id,
    ],
    tags: [record({ segment: 'tags', state: used ? 'used' : 'unused', owner: 'editor' }).id],
  })
  const secrets = (owner: Owner) => ({
    passwordProtected: true,
    password: PASSWORD,
    excerpt: secretOf(owner),
    description: textToRichText(secretOf(owner)),
    website: `https://example.org/${secretOf(owner)}`,
    cost: secretOf(owner),
    featured: true,
  })
  for (const spec of RECORDS.filter(({ segment }) => KIND[segment].family !== 'term')) {
    const status = spec.state === 'trash' || spec.state === 'password' ? 'publish' : spec.state
    const common = {
      status,
      author: userIds[spec.owner],
      ...(spec.state === 'future' ? { publishedAt: inDays(30) } : {}),
    }
    const name = `Matrix ${markerOf(spec)}`
    const data =
      spec.segment === 'events'
        ? {
            ...common,
            title: name,
            startDate: inDays(10),
            endDate: inDays(10, 21),
            ...terms(status === 'publish'),
          }
        : { ...common, name }
    seeded.set(
      markerOf(spec),
      await create(spec.segment, {
        ...data,
        ...(spec.state === 'password' ? secrets(spec.owner) : {}),
      }),
    )
  }
  // One published event that links every venue and organizer, to see which of them it shows.
  hub = await create('events', {
    title: 'Matrix hub',
    status: 'publish',
    author: userIds.editor,
    startDate: inDays(11),
    endDate: inDays(11, 21),
    venue: recordsOf('venues').map((spec) => record(spec).id),
    organizers: recordsOf('organizers').map((spec) => record(spec).id),
    ...terms(true),
  })
  for (const spec of RECORDS.filter(({ state }) => state === 'trash')) {
    const data = { deletedAt: new Date().toISOString() }
    await server.payload.update({
      collection: KIND[spec.segment].collection as 'events',
      id: record(spec).id,
      data: data as never,
    })
  }
}

beforeAll(async () => {
  server = await startTestServer()
  const users = await usersOfEveryRole(server)
  Object.assign(tokens, users.tokens)
  Object.assign(userIds, users.ids)
  await seed()
})
afterAll(() => server?.stop())

// ------------------------------------------------ requests and checks

type Sent = {
  caller: Caller
  method: string
  url: string
  status: number
  body: any
  allow: string | null
}
const sent: Sent[] = []

async function send(caller: Caller, method: string, url: string, body?: unknown): Promise<Sent> {
  const response = await server.request(url, { method, token: tokens[caller], body })
  const entry = {
    caller,
    method,
    url,
    status: response.status,
    body: response.body,
    allow: response.headers.get('allow'),
  }
  sent.push(entry)
  return entry
}

const urlOf = (info: RouteInfo, target?: Seeded, query = '') =>
  `${NS}${info.route.path.replace(':id(\\d+)', String(target?.id)).replace(':slug', encodeURIComponent(target?.slug ?? ''))}${query}`
const answerOf = (got: Sent) =>
  `${got.status} ${typeof got.body?.code === 'string' ? got.body.code : ''}`.trim()

/** What went wrong with one cell, if anything: the `Allow` header of the caller, the status and the code. */
function wrongIn(
  what: string,
  info: RouteInfo,
  expected: Exclude<Outcome, 'ok'>,
  got: Sent,
  id?: number,
) {
  const cell = T.ALLOW.get(allowRow(info))![got.caller]
  const allowed = cell === 'all' ? methodsOf(info) : cell.split(' ')
  const allow = (got.allow ?? '').split(', ').filter(Boolean)
  if (allow.length !== allowed.length || allowed.some((method) => !allow.includes(method))) {
    return `${what}: Allow expected ${allowed.join(', ')}, got ${got.allow}`
  }
  const right =
    got.status === expected.status &&
    (expected.code === undefined || got.body?.code === expected.code) &&
    (expected.status !== 200 || id === undefined || got.body?.id === id)
  return right
    ? undefined
    : `${what}: expected ${`${expected.status} ${expected.code ?? ''}`.trim()}, got ${answerOf(got)}`
}

/** A check answers the failures of the cells it covers (one request may cover many: a list shows every record). */
type Check = { cells: number; run: () => Promise<string[]> }
const one = (run: () => Promise<string | undefined>): Check => ({
  cells: 1,
  run: async () => [await run()].filter((x): x is string => !!x),
})
const count = (checks: Check[]) => checks.reduce((sum, check) => sum + check.cells, 0)

/** Runs checks `width` at a time (reads, or writes that change nothing) and collects what went wrong. */
async function runAll(checks: Check[], width = 6): Promise<string[]> {
  const failures: string[][] = []
  let next = 0
  const worker = async () => {
    while (next < checks.length) failures.push(await checks[next++].run())
  }
  await Promise.all(Array.from({ length: width }, worker))
  return failures.flat()
}

// ------------------------------------------------ the cells

const singles = ROUTES.filter((info) => info.kind === 'id' || info.kind === 'slug')
const collections = ROUTES.filter((info) => info.kind === 'collection')

/** The rows of a table for a state: its own and its `state ?query` variants. */
const rowsFor = (table: Table, state: string) =>
  [...table.keys()].filter((key) => key === state || key.startsWith(`${state} ?`))
const queryOf = (row: string) =>
  (row.split(' ')[1] ?? '').replace('password=right', `password=${PASSWORD}`)

/** A write that is let through, with this body, stops at a validation error of its own: it changes nothing. */
const PROBE: Record<Family, Record<string, unknown>> = {
  event: { author: NOBODY },
  post: { author: NOBODY },
  term: { parent: NOBODY },
}
const probeAnswer = (segment: Segment) =>
  segment === 'tags'
    ? { status: 400, code: 'rest_taxonomy_not_hierarchical' }
    : { status: 400, code: 'rest_invalid_param' }
const CREATE: Record<Segment, Record<string, unknown>> = {
  events: { title: 'Matrix probe', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00' },
  venues: { venue: 'Matrix probe venue' },
  organizers: { organizer: 'Matrix probe organizer' },
  categories: { name: 'Matrix probe category' },
  tags: { name: 'Matrix probe tag' },
}

/** Deletes that are let through, done for real (and undone) once every other write has run. */
type Delete = { caller: Caller; info: RouteInfo; spec: RecordSpec; what: string }
const deletes: Delete[] = []

function recordCells(methods: (method: Method) => boolean): Check[] {
  return singles.flatMap((info) =>
    methodsOf(info)
      .filter(methods)
      .flatMap((method) => {
        const table = tableOf(info, method)
        return recordsOf(info.segment).flatMap((spec) =>
          callersFor(spec).flatMap((caller) =>
            rowsFor(table, spec.state).flatMap((row) => {
              const what = label(caller, `${method} ${pathOf(info)}${queryOf(row)}`, spec)
              const expected = outcome(
                cellOf(table, row, caller, spec.owner),
                KIND[info.segment].resource,
              )
              if (expected === 'ok' && method === 'DELETE') {
                // Done for real, so by slug only on published records: every other state of the slug look-up is
                // proven by the updates.
                if (info.kind === 'id' || spec.state === 'publish')
                  deletes.push({ caller, info, spec, what })
                return []
              }
              const body = method === 'GET' || method === 'DELETE' ? undefined : PROBE[info.family]
              return [
                one(async () =>
                  wrongIn(
                    what,
                    info,
                    expected === 'ok' ? probeAnswer(info.segment) : expected,
                    await send(caller, method, urlOf(info, record(spec), queryOf(row)), body),
                    record(spec).id,
                  ),
                ),
              ]
            }),
          ),
        )
      }),
  )
}

const readCells = recordCells((method) => method === 'GET')
const writeCells = [
  ...collections.flatMap((info) =>
    CALLERS.map((caller) =>
      one(async () => {
        const expected = outcome(
          cellOf(T.BY_ROUTE, `POST ${info.family} collection`, caller),
          'event',
        )
        const got = await send(caller, 'POST', urlOf(info), {
          ...CREATE[info.segment],
          ...PROBE[info.family],
        })
        return wrongIn(
          label(caller, `POST ${pathOf(info)}`),
          info,
          expected === 'ok' ? probeAnswer(info.segment) : expected,
          got,
        )
      }),
    ),
  ),
  ...recordCells((method) => method !== 'GET'),
]

const isBlanked = (item: any) =>
  item.description === '' && item.excerpt === '' && item.cost === '' && item.featured === null
function membership(what: string, expected: string, item: any) {
  if (expected === '-') return item ? [`${what}: expected absent, got listed`] : []
  if (!item) return [`${what}: expected ${expected}, got absent`]
  if ((expected === 'blanked') !== isBlanked(item))
    return [
      `${what}: expected ${expected}, got ${isBlanked(item) ? 'blanked' : 'the protected fields'}`,
    ]
  return []
}

/** A list request, and for each record of the segment whether it must be listed, blanked or absent. */
function listCheck(
  caller: Caller,
  info: RouteInfo,
  query: string,
  expected: Outcome,
  listed: (spec: RecordSpec) => string,
): Check {
  const specs = recordsOf(info.segment)
  return {
    cells: specs.length,
    run: async () => {
      const resolved = query.replace('{seeded}', specs.map((spec) => record(spec).id).join(','))
      const got = await send(caller, 'GET', urlOf(info, undefined, `?per_page=50&${resolved}`))
      const head = label(caller, `GET ${pathOf(info)}?${query}`)
      const wrong = wrongIn(head, info, expected as Exclude<Outcome, 'ok'>, got)
      if (wrong || got.status !== 200) return wrong ? [wrong] : []
      const items = new Map((got.body[info.segment] as any[]).map((item) => [item.id, item]))
      return specs.flatMap((spec) =>
        membership(
          label(caller, `GET ${pathOf(info)}?${query}`, spec) + ` (of ${spec.owner})`,
          listed(spec),
          items.get(record(spec).id),
        ),
      )
    },
  }
}

const listChecks: Check[] = collections
  .filter((info) => info.family !== 'term')
  .flatMap((info) =>
    CALLERS.flatMap((caller) => {
      const byDefault = (spec: RecordSpec) => cellOf(T.LISTED, spec.state, caller, spec.owner)!
      return [
        listCheck(caller, info, '', { status: 200 }, byDefault),
        ...(info.segment === 'events'
          ? [listCheck(caller, info, 'include={seeded}', { status: 200 }, byDefault)]
          : []),
        ...[...T.LIST_STATUS.keys()].map((status) =>
          listCheck(
            caller,
            info,
            `status=${status}`,
            outcome(cellOf(T.LIST_STATUS, status, caller), 'event'),
            (spec) =>
              (spec.state === 'password' ? 'publish' : spec.state) !== status
                ? '-'
                : spec.state === 'password'
                  ? 'blanked'
                  : 'listed',
          ),
        ),
      ]
    }),
  )

const searchChecks: Check[] = (['author', 'editor'] as const).flatMap((owner) =>
  CALLERS.flatMap((caller) =>
    ['title', 'secret'].map((what) =>
      one(async () => {
        const spec: RecordSpec = { segment: 'events', state: 'password', owner }
        const got = await send(
          caller,
          'GET',
          urlOf(
            route('events', 'collection'),
            undefined,
            `?search=${what === 'title' ? markerOf(spec) : secretOf(owner)}`,
          ),
        )
        const item = (got.body.events as any[]).find((event) => event.id === record(spec).id)
        return membership(
          label(caller, `GET /events?search=<${what} of a protected event>`, spec),
          cellOf(T.SEARCH_FINDS_PROTECTED, 'password', caller, owner)!,
          item,
        )[0]
      }),
    ),
  ),
)

/** Term counts are of published events, whoever asks: in lists (hidden when 0 by default) and single terms. */
const termChecks: Check[] = ROUTES.filter((info) => info.family === 'term').flatMap((info) =>
  CALLERS.flatMap((caller) =>
    (info.kind === 'collection' ? ['', 'hide_empty=false'] : ['']).flatMap((query) =>
      recordsOf(info.segment).map((spec) =>
        one(async () => {
          const term = record(spec)
          const where = {
            and: [{ [info.segment]: { in: [term.id] } }, { status: { equals: 'publish' } }],
          }
          const published = (await server.payload.count({ collection: 'events', where })).totalDocs
          const got = await send(
            caller,
            'GET',
            info.kind === 'id'
              ? urlOf(info, term)
              : urlOf(info, undefined, `?per_page=50&${query}`),
          )
          const what = label(caller, `GET ${pathOf(info)}${query ? `?${query}` : ''}`, spec)
          const item =
            info.kind === 'id'
              ? got.body
              : (got.body[info.segment] as any[]).find((item) => item.id === term.id)
          const shown = info.kind === 'id' || query !== '' || published > 0
          if (Boolean(item) !== shown)
            return `${what}: expected ${shown ? 'listed' : 'absent'} (${published} published events), got the opposite`
          return item && item.count !== published
            ? `${what}: count expected ${published}, got ${item.count}`
            : wrongIn(what, info, { status: 200 }, got)
        }),
      ),
    ),
  ),
)

/** Filters naming a record: 200 when the caller may find it, else 400 as for an unknown id (FOUND). */
const REFERENCES: { list: Segment; param: string; target: Segment }[] = [
  { list: 'events', param: 'venue', target: 'venues' },
  { list: 'events', param: 'organizer', target: 'organizers' },
  { list: 'events', param: 'post_parent', target: 'events' },
  { list: 'venues', param: 'event', target: 'events' },
  { list: 'organizers', param: 'event', target: 'events' },
  { list: 'categories', param: 'post', target: 'events' },
  { list: 'tags', param: 'event', target: 'events' },
]
const referenceChecks: Check[] = REFERENCES.flatMap(({ list, param, target }) =>
  recordsOf(target).flatMap((spec) =>
    callersFor(spec).map((caller) =>
      one(async () => {
        const info = route(list, 'collection')
        const found = cellOf(T.FOUND, spec.state, caller, spec.owner) === 'yes'
        const got = await send(
          caller,
          'GET',
          urlOf(info, undefined, `?${param}=${record(spec).id}`),
        )
        return wrongIn(
          label(caller, `GET ${pathOf(info)}?${param}=<id>`, spec),
          info,
          found ? { status: 200 } : { status: 400, code: 'rest_invalid_param' },
          got,
        )
      }),
    ),
  ),
)

/** The event that links every venue and organizer shows only those the caller may find, single and listed. */
const embeddedChecks: Check[] = CALLERS.flatMap((caller) =>
  (['id', 'collection'] as const).map((kind) => {
    const linked = [...recordsOf('venues'), ...recordsOf('organizers')]
    return {
      cells: linked.length,
      run: async () => {
        const info = route('events', kind)
        const got = await send(
          caller,
          'GET',
          kind === 'id' ? urlOf(info, hub) : urlOf(info, undefined, `?include=${hub.id}`),
        )
        const event = kind === 'id' ? got.body : got.body.events?.[0]
        if (event?.id !== hub.id)
          return [
            `${label(caller, `GET ${pathOf(info)}`)} (the event linking everything): got ${answerOf(got)}`,
          ]
        const shown = new Set(
          [...[event.venue].flat(), ...event.organizer].map(
            (linkedRecord: { id: number }) => linkedRecord.id,
          ),
        )
        return linked.flatMap((spec) => {
          const expected = cellOf(T.FOUND, spec.state, caller, spec.owner) === 'yes'
          const embedded = shown.has(record(spec).id)
          return expected === embedded
            ? []
            : [
                `${label(caller, `GET ${pathOf(info)} embeds`, spec)} (of ${spec.owner}): expected ${expected ? 'embedded' : 'absent'}, got ${embedded ? 'embedded' : 'absent'}`,
              ]
        })
      },
    }
  }),
)

/**
 * The index, /doc, and OPTIONS on every route: the same for everyone, bar the `Allow` header, and the same for a
 * record the caller may see as for one they may not (a published and a draft one; or a used and an unused term).
 */
const descriptions = new Map<string, Set<string>>()
const describedChecks: Check[] = ROUTES.flatMap((info) => {
  const targets: (RecordSpec | undefined)[] =
    info.kind === 'id' || info.kind === 'slug'
      ? recordsOf(info.segment).filter(({ state }) =>
          ['publish', 'draft', 'used', 'unused'].includes(state),
        )
      : [undefined]
  const reads = info.kind === 'index' || info.kind === 'doc' ? ['GET', 'OPTIONS'] : ['OPTIONS']
  return targets.flatMap((spec) =>
    (spec ? callersFor(spec) : CALLERS).flatMap((caller) =>
      reads.map((method) =>
        one(async () => {
          const got = await send(caller, method, urlOf(info, spec && record(spec)))
          const key = `${method} ${pathOf(info)}`
          descriptions.set(
            key,
            new Set([...(descriptions.get(key) ?? []), JSON.stringify(got.body)]),
          )
          const expected =
            method === 'GET'
              ? outcome(cellOf(T.BY_ROUTE, `GET ${info.kind}`, caller), 'event')
              : { status: 200 }
          return wrongIn(label(caller, key, spec), info, expected as Exclude<Outcome, 'ok'>, got)
        }),
      ),
    ),
  )
})

// ------------------------------------------------ the tests

const snapshot = async () => {
  const all: Record<string, { status?: string }> = {}
  for (const segment of Object.keys(KIND) as Segment[]) {
    const trash = KIND[segment].family !== 'term'
    const query = {
      collection: KIND[segment].collection as 'events',
      depth: 0,
      locale: 'all',
      pagination: false,
      showHiddenFields: true,
      trash,
    } as const
    for (const doc of (await server.payload.find(query)).docs)
      all[`${segment}:${doc.id}`] = doc as { status?: string }
  }
  return all
}
const withoutTimes = (docs: object) =>
  JSON.parse(
    JSON.stringify(docs, (key, value) =>
      key === 'updatedAt' || key === 'deletedAt' ? undefined : value,
    ),
  )

const ALL = [
  readCells,
  listChecks,
  searchChecks,
  termChecks,
  referenceChecks,
  embeddedChecks,
  describedChecks,
  writeCells,
]

describe(`permission matrix (${ALL.reduce((sum, checks) => sum + count(checks), deletes.length)} cells)`, () => {
  test('every route and method of the namespace has its rows', () => {
    const missing = ROUTES.flatMap((info) =>
      methodsOf(info).flatMap((method) => {
        const where = `${method} ${pathOf(info)}`
        if (!T.ALLOW.has(allowRow(info))) return [`${where}: no Allow row`]
        if (info.kind === 'index' || info.kind === 'doc')
          return T.BY_ROUTE.has(`GET ${info.kind}`) ? [] : [`${where}: no row`]
        if (!info.family) return [`${where}: no kind of record`]
        if (info.kind === 'collection')
          return method === 'GET' || T.BY_ROUTE.has(`POST ${info.family} collection`)
            ? []
            : [`${where}: no row`]
        const table = tableOf(info, method)
        return table && statesOf(info.segment).every((state) => table.has(state))
          ? []
          : [`${where}: no row for every state`]
      }),
    )
    expect(missing).toEqual([])
  })

  test(`single reads by id and by slug (${count(readCells)} cells)`, async () => {
    expect(await runAll(readCells)).toEqual([])
  })

  test(`lists show each caller what it may see (${count(listChecks) + count(searchChecks)} cells)`, async () => {
    expect(await runAll([...listChecks, ...searchChecks], 4)).toEqual([])
  })

  test(`terms count published events only, whoever asks (${count(termChecks)} cells)`, async () => {
    expect(await runAll(termChecks, 4)).toEqual([])
  })

  test(`filters and embedded records find only what the caller may see (${count(referenceChecks) + count(embeddedChecks)} cells)`, async () => {
    expect(await runAll([...referenceChecks, ...embeddedChecks])).toEqual([])
  })

  test(`the index, /doc and OPTIONS describe the same to every caller, whatever the record (${count(describedChecks)} cells)`, async () => {
    expect(await runAll(describedChecks)).toEqual([])
    expect([...descriptions].filter(([, bodies]) => bodies.size !== 1).map(([key]) => key)).toEqual(
      [],
    )
  })

  test(`writes are refused before anything changes, or let through to their own validation (${count(writeCells)} cells)`, async () => {
    const before = await snapshot()
    expect(await runAll(writeCells, 4)).toEqual([])
    expect(await snapshot()).toEqual(before)
  })

  test(`deletes that are let through trash the record, which comes back as it was; terms go for good (${deletes.length} cells)`, async () => {
    expect(deletes.length).toBeGreaterThan(0)
    const before = await snapshot()
    const failures: string[] = []
    for (const { caller, info, spec, what } of deletes) {
      const collection = KIND[spec.segment].collection as 'events'
      const target =
        info.family === 'term'
          ? ((await server.payload.create({
              collection,
              data: { name: `Matrix doomed ${what}` } as never,
            })) as unknown as Seeded)
          : record(spec)
      const got = await send(caller, 'DELETE', urlOf(info, target))
      const wrong = wrongIn(what, info, { status: 200 }, got, target.id)
      if (wrong) failures.push(wrong)
      else if (info.family === 'term') {
        if (
          (await server.payload.count({ collection, where: { id: { equals: target.id } } }))
            .totalDocs
        )
          failures.push(`${what}: the term is still there`)
      } else {
        const restored = await server.payload.update({
          collection,
          id: target.id,
          data: { deletedAt: null } as never,
          trash: true,
        })
        const status = before[`${spec.segment}:${target.id}`].status
        if (got.body.status !== 'trash' || restored.status !== status)
          failures.push(`${what}: ${status} became ${got.body.status}, then ${restored.status}`)
      }
    }
    expect(failures).toEqual([])
    expect(withoutTimes(await snapshot())).toEqual(withoutTimes(before))
  })

  test('a sample of allowed writes succeeds', async () => {
    const create = (caller: Caller) =>
      send(caller, 'POST', urlOf(route('events', 'collection')), {
        ...CREATE.events,
        title: `Matrix by ${caller}`,
        status: 'publish',
      })
    const byAuthor = await create('author')
    expect([byAuthor.status, byAuthor.body.status, byAuthor.body.author]).toEqual([
      201,
      'pending',
      String(userIds.author),
    ])
    const byEditor = await create('editor')
    expect([byEditor.status, byEditor.body.status]).toEqual([201, 'publish'])
    const event = route('events', 'id')
    expect(
      (await send('author', 'PATCH', urlOf(event, byAuthor.body), { excerpt: 'mine' })).body
        .excerpt,
    ).toBe('<p>mine</p>')
    expect(
      (await send('editor', 'PUT', urlOf(event, byAuthor.body), { status: 'publish' })).body.status,
    ).toBe('publish')
    expect(
      (await send('author', 'PATCH', urlOf(event, byEditor.body), { excerpt: 'not mine' })).status,
    ).toBe(403)
    const term = await send('editor', 'POST', urlOf(route('categories', 'collection')), {
      name: 'Matrix editor category',
    })
    expect(term.status).toBe(201)
    expect(
      (
        await send('admin', 'PATCH', urlOf(route('categories', 'id'), term.body), {
          description: 'changed',
        })
      ).body.description,
    ).toBe('changed')
  })

  test("Payload's own REST of the events never returns their search text or a password hash", async () => {
    const secret = record({ segment: 'events', state: 'password', owner: 'editor' })
    const leaks = []
    for (const caller of CALLERS) {
      for (const path of ['/api/events?limit=100&trash=true', `/api/events/${secret.id}`]) {
        const { body } = await server.request(path, { token: tokens[caller] })
        if (/searchText|passwordHash|scrypt\$/.test(JSON.stringify(body)))
          leaks.push(`${caller} × GET ${path}`)
      }
    }
    expect(leaks).toEqual([])
  })

  test('no response shows a record to a caller who may not read it, protected fields without the password, or a password hash', async () => {
    const protectedEvents = await server.payload.find({
      collection: 'events',
      pagination: false,
      showHiddenFields: true,
      where: { passwordProtected: { equals: true } },
    })
    const hashes = protectedEvents.docs.map(
      (doc) => (doc as { passwordHash?: string }).passwordHash!.split('$')[2],
    )
    expect(hashes).toHaveLength(2)
    const mayRead = (caller: Caller, spec: RecordSpec) =>
      ['publish', 'password'].includes(spec.state) ||
      KIND[spec.segment].family === 'term' ||
      caller === 'editor' ||
      caller === 'admin' ||
      (caller === 'author' && spec.owner === 'author')
    const mayEdit = (caller: Caller, owner: Owner) =>
      caller === 'editor' || caller === 'admin' || (caller === 'author' && owner === 'author')
    const leaks = sent.flatMap((entry) => {
      // Links echo the request's own query, which names what it looked for.
      const text = JSON.stringify(entry.body, (key, value) =>
        key.endsWith('rest_url') ? undefined : value,
      )
      const where = `${entry.caller} × ${entry.method} ${entry.url}`
      const unlocked = (owner: Owner) =>
        entry.url.includes(`password=${PASSWORD}`) ||
        ((entry.url.includes('context=edit') || entry.method !== 'GET') &&
          mayEdit(entry.caller, owner))
      return [
        ...RECORDS.filter(
          (spec) => !mayRead(entry.caller, spec) && text.includes(markerOf(spec)),
        ).map((spec) => `${where} shows the ${spec.state} ${spec.segment} of ${spec.owner}`),
        ...(['author', 'editor'] as const)
          .filter((owner) => !unlocked(owner) && text.includes(secretOf(owner)))
          .map((owner) => `${where} shows what the password of ${owner}'s event protects`),
        ...(/scrypt\$|passwordHash|searchText/.test(text) ||
        hashes.some((hash) => text.includes(hash))
          ? [`${where} shows a password hash or the search text`]
          : []),
        ...((entry.url === NS || entry.url.startsWith(`${NS}/doc`) || entry.method === 'OPTIONS') &&
        /mx(events|venues|organizers)-/.test(text)
          ? [`${where} describes records`]
          : []),
      ]
    })
    expect({ responses: sent.length, leaks }).toEqual({ responses: sent.length, leaks: [] })
  })
})
