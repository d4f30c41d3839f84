/**
 * `npm run bench`: imports a generated dataset, starts the project's server in production mode (or, with
 * `--host next`, `next start` of a generated Payload site with the packed plugin) and loads each route of the mix
 * over loopback, anonymous and as an editor (JWT), next to references: Payload's own REST for the same page of each
 * events list, Payload's `/api/users/me` on the same server, and a bare node server replaying our bytes (the
 * floor). Prints a table and writes it as JSON under bench-results/. See docs/performance.md.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

import {
  type DatasetArgs,
  mongoDatabase,
  postgresDatabase,
  type Prepared,
  ROOT,
  sqliteDatabase,
} from './database.js'
import { load, type LoadOptions } from './load.js'
import { formatMixed, type MixedResult, runMixedLoad } from './mixed.js'
import { formatPages, measurePages } from './pages.js'
import {
  peakMemoryMiB,
  resetPeakMemory,
  SERVER_HEAP_MIB,
  type Served,
  startCongoServer,
  startFloor,
  startServer,
  waitUntilIdle,
} from './processes.js'
import { type BenchRoute, calendarRoutes } from './routes.js'
import { SITE_TIMEZONE } from '../test/site/site.js'
import { benchSite } from './site.js'
import { type Auth, formatTable, type Row } from './table.js'

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '10000' },
    series: { type: 'string', default: '0' },
    db: { type: 'string', default: 'sqlite' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string', default: '16' },
    fresh: { type: 'boolean', default: false },
    host: { type: 'string', default: 'dev' },
    workers: { type: 'string', default: '1' },
    load: { type: 'boolean', default: false },
    instances: { type: 'string', default: '1,2' },
  },
})
if (!['sqlite', 'postgres', 'mongo'].includes(args.db))
  throw new Error(
    '--db is sqlite, postgres or mongo (CongoDB, the MongoDB wire-protocol test server)',
  )
if (args.host !== 'dev' && args.host !== 'next')
  throw new Error('--host is dev (the project server) or next (a generated site)')
if (args.load && (args.host !== 'dev' || args.db === 'mongo'))
  throw new Error('--load runs the project server on sqlite or postgres')
// The generated site runs on PostgreSQL, as most sites do.
if (args.host === 'next') args.db = 'postgres'

const events = Number(args.events)
const today = new Date()
const dataset: DatasetArgs = {
  events,
  // Venues and organizers grow with the events, as a real calendar's would; terms do not.
  venues: Math.max(10, Math.round((300 * events) / 10_000)),
  organizers: Math.max(5, Math.round((150 * events) / 10_000)),
  categories: 40,
  tags: 150,
  // The first of this month: events spread around it, so an import stays current (and reusable) for the month.
  anchor: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1))
    .toISOString()
    .slice(0, 10),
  series: Number(args.series),
}
const loadOptions: LoadOptions = {
  connections: Number(args.connections),
  // The mixed load runs a minute per run, as a site's busy minute; a route is loaded for seconds.
  duration: Number(args.duration ?? (args.load ? 60 : 3)),
  warmup: Number(args.warmup ?? (args.load ? 5 : 1)),
}
const EDITOR = { email: 'bench-editor@example.test', password: 'bench-editor-password' }
const POSTGRES_URI = process.env.BENCH_POSTGRES_URI || 'postgres://postgres@127.0.0.1:5432/postgres'

const log = (message: string) => console.error(`[bench] ${message}`)

function createEditor(databaseUri: string): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(
      'npm',
      [
        'run',
        '--silent',
        'user:create',
        '--',
        '--email',
        EDITOR.email,
        '--password',
        EDITOR.password,
        '--role',
        'editor',
      ],
      { cwd: ROOT, env: { ...process.env, DATABASE_URI: databaseUri } },
      (error, stdout, stderr) =>
        error ? reject(new Error(`user:create failed: ${stderr || stdout}`)) : resolve(),
    ),
  )
}

/** The site's first user: it has no role field, so the plugin trusts it as an editor. */
async function registerEditor(server: Served): Promise<void> {
  const response = await fetch(`${server.url}/api/users/first-register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(EDITOR),
  })
  if (!response.ok) throw new Error(`first-register answered ${response.status}`)
}

async function login(server: Served): Promise<string> {
  const response = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(EDITOR),
  })
  if (!response.ok) throw new Error(`login answered ${response.status}`)
  return ((await response.json()) as { token: string }).token
}

async function fetchOnce(url: string, headers: Record<string, string>) {
  const started = performance.now()
  const response = await fetch(url, { headers })
  const body = Buffer.from(await response.arrayBuffer())
  if (response.status !== 200)
    throw new Error(`GET ${url} answered ${response.status}: ${body.toString().slice(0, 300)}`)
  const contentType = response.headers.get('content-type') ?? 'application/json'
  return { status: response.status, contentType, body, ms: performance.now() - started }
}

/** The response, and the median time of three requests made one after the other, with no other load. */
async function fetchAlone(url: string, headers: Record<string, string>) {
  const responses = [
    await fetchOnce(url, headers),
    await fetchOnce(url, headers),
    await fetchOnce(url, headers),
  ]
  return {
    ...responses[0],
    aloneMs: responses.map((response) => response.ms).sort((a, b) => a - b)[1],
  }
}

/**
 * The load of a route whose single request takes `aloneMs`: the connections' requests proceed together and
 * complete in bursts, so the window is stretched to hold about four per connection (at most 30 s).
 */
const loadFor = (aloneMs: number): LoadOptions => ({
  ...loadOptions,
  duration: Math.round(
    Math.min(30, Math.max(loadOptions.duration, (4 * loadOptions.connections * aloneMs) / 1000)),
  ),
})

/**
 * Waits until requests an earlier load gave up on are done: the server's CPU is idle (work in node) and a small
 * read answers within a second (work left in the database).
 */
async function settle(server: Served) {
  await waitUntilIdle(server.pid)
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    const started = performance.now()
    await fetch(`${server.url}/api/calendar/events/v1/categories?per_page=1`)
    if (performance.now() - started < 1000) return
  }
}

/** Loads our server on one route, measuring the server's peak memory during the load. */
async function loadServer(
  server: Served,
  route: BenchRoute,
  headers: Record<string, string>,
  aloneMs: number,
) {
  if (!resetPeakMemory(server.pid))
    log('cannot reset the peak RSS here: RSS is the peak since the server started')
  const options = loadFor(aloneMs)
  const result = await load(server.url + route.path, headers, options)
  return { ...result, seconds: options.duration, peakRssMiB: peakMemoryMiB(server.pid) }
}

async function measure(
  server: Served,
  floor: Served,
  route: BenchRoute,
  auth: Auth,
  headers: Record<string, string>,
): Promise<Row> {
  await settle(server)
  const response = await fetchAlone(server.url + route.path, headers)
  const ours = await loadServer(server, route, headers, response.aloneMs)
  await fetch(floor.url, {
    method: 'PUT',
    body: JSON.stringify({
      status: response.status,
      contentType: response.contentType,
      body: response.body.toString('base64'),
    }),
  })
  const floorResult = await load(floor.url + route.path, {}, loadOptions)
  log(
    `${route.name} (${auth}): ${ours.requestsPerSecond.toFixed(1)} req/s, floor ${floorResult.requestsPerSecond.toFixed(0)} req/s`,
  )
  const { aloneMs, body } = response
  return {
    route: route.name,
    path: route.path,
    auth,
    bytes: body.length,
    aloneMs,
    ours,
    floor: floorResult,
  }
}

/** Payload's own REST for the page the row's route shows, on the same server; warns if it lists other events. */
async function measureNative(
  server: Served,
  route: BenchRoute,
  row: Row,
  nativePath: string,
  headers: Record<string, string>,
) {
  await settle(server)
  const response = await fetchAlone(server.url + nativePath, headers)
  const ourIds = JSON.parse(
    (await fetchOnce(server.url + route.path, headers)).body.toString(),
  ).events.map((event: { id: number }) => event.id)
  const nativeIds = JSON.parse(response.body.toString()).docs.map((doc: { id: number }) => doc.id)
  if (ourIds.join() !== nativeIds.join())
    log(
      `warning: Payload REST lists other events than ours for ${route.name} (${nativeIds} against ${ourIds})`,
    )
  const result = await loadServer(
    server,
    { name: `Payload REST, ${route.name}`, path: nativePath },
    headers,
    response.aloneMs,
  )
  log(`Payload REST, ${route.name} (${row.auth}): ${result.requestsPerSecond.toFixed(1)} req/s`)
  return { ...result, path: nativePath, bytes: response.body.length }
}

/** Payload's own trivial route on the same server, anonymous: what any request to it costs at least. */
async function measurePayloadMe(server: Served) {
  await settle(server)
  const result = await loadServer(
    server,
    { name: 'Payload /api/users/me', path: '/api/users/me' },
    {},
    1,
  )
  log(`Payload /api/users/me (anonymous): ${result.requestsPerSecond.toFixed(1)} req/s`)
  return result
}

/** The answer time of creating a weekly series of 260 occurrences, median of three, with nothing else running. */
async function measureSeriesSave(server: Served, headers: Record<string, string>) {
  await settle(server)
  const times: number[] = []
  for (const week of [1, 2, 3]) {
    const started = performance.now()
    const response = await fetch(`${server.url}/api/calendar/events/v1/events`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `Bench weekly class ${week}`,
        start_date: `${dataset.anchor} 19:00:00`,
        end_date: `${dataset.anchor} 20:30:00`,
        recurrence: 'FREQ=WEEKLY;COUNT=260',
      }),
    })
    await response.arrayBuffer()
    if (response.status !== 201) throw new Error(`the series save answered ${response.status}`)
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)[1]
}

/**
 * The site's calendar pages (month, list, an event's page) against a bare Next.js route answering the same HTML; a
 * write between rounds is a title change through the namespace, as an editor.
 */
async function measureSitePages(server: Served, editor: Record<string, string>) {
  const list = (await (
    await fetch(`${server.url}/api/calendar/events/v1/events?per_page=1`)
  ).json()) as {
    events: { id: number; url: string; title: string }[]
  }
  const [event] = list.events
  const month = new Date().toISOString().slice(0, 7)
  let round = 0
  const write = async () => {
    const response = await fetch(`${server.url}/api/calendar/events/v1/events/${event!.id}`, {
      method: 'POST',
      headers: { ...editor, 'content-type': 'application/json' },
      body: JSON.stringify({ excerpt: `Round ${++round}` }),
    })
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`the write between rounds answered ${response.status}`)
  }
  return measurePages(
    server.url,
    [
      // Without the trailing slash, which Next.js answers with a redirect to this address.
      { name: 'month view', path: `/events/month/${month}` },
      { name: 'list view', path: '/events/list' },
      { name: 'event page', path: new URL(event!.url).pathname.replace(/\/$/, '') },
    ],
    write,
    loadOptions,
  )
}

const started = new Date()
/**
 * `--load`: the mixed load of docs/performance.md ("Mixed load") on one and on two instances of the project's
 * server (`--instances`), each run on its own copy of the dataset's database, so that every run starts alike.
 */
async function mixedBench() {
  const results: MixedResult[] = []
  for (const instances of args.instances.split(',').map(Number)) {
    const database =
      args.db === 'postgres'
        ? await postgresDatabase(dataset, args.fresh, POSTGRES_URI)
        : await sqliteDatabase(dataset, args.fresh)
    const servers: Served[] = []
    try {
      await createEditor(database.uri)
      for (let index = 0; index < instances; index++)
        servers.push(await startServer(database.uri, Number(args.workers)))
      log(`mixed load on ${instances} instance(s) of ${args.db}, ${database.cache}`)
      results.push(
        await runMixedLoad(
          servers.map((server) => server.url),
          await login(servers[0]),
          loadOptions,
        ),
      )
    } finally {
      for (const server of servers) await server.stop()
      await database.drop()
    }
  }
  const machine = `${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the end`
  console.log(
    `\nMixed load, ${events.toLocaleString('en-US')} events on ${args.db}; ${started.toISOString()}; ${machine}\n`,
  )
  for (const result of results) console.log(`${formatMixed(result)}\n`)
  const [one, two] = results
  if (one && two)
    console.log(
      `two instances / one: ${(two.requestsPerSecond / one.requestsPerSecond).toFixed(2)}×`,
    )
  const out = path.join(
    ROOT,
    'bench-results',
    `bench-load-${args.db}-${events}-${started.toISOString().replace(/[:.]/g, '-')}.json`,
  )
  fs.mkdirSync(path.dirname(out), { recursive: true })
  fs.writeFileSync(out, `${JSON.stringify({ started, machine, dataset, results }, null, 2)}\n`)
  console.log(`written to ${path.relative(ROOT, out)}`)
}

/** The routes one by one, against the references (the default). */
async function routeBench() {
  log(`dataset: ${JSON.stringify(dataset)}; database: ${args.db}; host: ${args.host}`)
  const site = args.host === 'next' ? await benchSite(dataset, args.fresh, POSTGRES_URI) : undefined
  const congo = args.db === 'mongo' ? await startCongoServer() : undefined
  const database: Prepared =
    site?.database ??
    (congo
      ? await mongoDatabase(dataset, congo.uri)
      : args.db === 'postgres'
        ? await postgresDatabase(dataset, args.fresh, POSTGRES_URI)
        : await sqliteDatabase(dataset, args.fresh))
  log(
    database.import
      ? `imported ${events} events in ${database.import.seconds.toFixed(1)} s (${database.import.eventsPerSecond.toFixed(0)} events/s); kept as ${database.cache}`
      : `reusing the import kept as ${database.cache} (same dataset arguments); --fresh imports anew`,
  )
  let server: Served | undefined
  let floor: Served | undefined
  try {
    if (site) {
      server = await site.site.serve('start')
      await registerEditor(server)
    } else {
      await createEditor(database.uri)
      server = await startServer(database.uri, Number(args.workers))
    }
    floor = await startFloor()
    const modes: [Auth, Record<string, string>][] = [
      ['anonymous', {}],
      ['editor', { authorization: `JWT ${await login(server)}` }],
    ]
    const routes = await calendarRoutes(
      server.url,
      site ? SITE_TIMEZONE : process.env.CALENDAR_TIMEZONE || 'UTC',
    )
    // Every route once under load before any is measured: the first requests to a fresh server compile its code.
    for (const route of routes) {
      for (const [, headers] of modes)
        await load(server.url + route.path, headers, { ...loadOptions, duration: 2, warmup: 0 })
    }
    const rows: Row[] = []
    for (const route of routes) {
      for (const [auth, headers] of modes) {
        const row = await measure(server, floor, route, auth, headers)
        if (route.native)
          row.payload = await measureNative(
            server,
            route,
            row,
            route.native(auth === 'editor'),
            headers,
          )
        rows.push(row)
      }
    }

    const pageRows = site ? await measureSitePages(server, modes[1][1]) : []
    const usersMe = await measurePayloadMe(server)
    const seriesSave = await measureSeriesSave(server, modes[1][1])
    const table = formatTable(rows)
    const machine = `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${os.loadavg()[0].toFixed(1)} at the end; ${site ? "Next.js's own heap limit" : `server heap limit ${SERVER_HEAP_MIB} MiB`}`
    const hostName = site
      ? 'next start of a generated site'
      : `the project's server, ${args.workers} worker${args.workers === '1' ? '' : 's'}`
    console.log(
      `\n${events.toLocaleString('en-US')} events on ${args.db}, ${hostName}, ${loadOptions.connections} connections, ${loadOptions.duration} s per route (slow ones longer) after ${loadOptions.warmup} s warm-up; ${started.toISOString()}; ${machine}`,
    )
    console.log(
      database.import
        ? `import: ${database.import.eventsPerSecond.toFixed(0)} events/s`
        : `database: reused ${database.cache}`,
    )
    console.log(`\n${table}\n`)
    const cachedList = rows.find((row) => row.route === 'events list' && row.auth === 'anonymous')!
      .ours.requestsPerSecond
    console.log(
      `Payload /api/users/me, anonymous, on the same server: ${usersMe.requestsPerSecond.toFixed(0)} req/s; ` +
        `the anonymous events list is ${(cachedList / usersMe.requestsPerSecond).toFixed(2)}× that\n`,
    )
    console.log(
      `Saving a weekly series of 260 occurrences (POST /events, editor): ${seriesSave.toFixed(0)} ms (median of 3)\n`,
    )
    if (pageRows.length)
      console.log(`The calendar's pages, anonymous:\n\n${formatPages(pageRows)}\n`)
    const out = path.join(
      ROOT,
      'bench-results',
      `bench-${args.host}${args.workers === '1' ? '' : `-${args.workers}w`}-${args.db}-${events}-${started.toISOString().replace(/[:.]/g, '-')}.json`,
    )
    fs.mkdirSync(path.dirname(out), { recursive: true })
    fs.writeFileSync(
      out,
      `${JSON.stringify({ started, machine, host: args.host, workers: Number(args.workers), database: args.db, dataset, load: loadOptions, source: database.source, import: database.import, table, rows, pages: pageRows, usersMe, seriesSaveMs: seriesSave }, null, 2)}\n`,
    )
    console.log(`written to ${path.relative(ROOT, out)}`)
  } finally {
    await server?.stop()
    await floor?.stop()
    await database.drop()
    await congo?.stop()
  }
}

if (args.load) await mixedBench()
else await routeBench()
