import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'

export const ROOT = path.resolve(import.meta.dirname, '..')
const CACHE_DIR = path.join(ROOT, 'bench-results', 'cache')
const SQLITE_FILE = 'calendar.db'
const EVENTS_PER_SEED = 10_000

export type DatasetArgs = {
  events: number
  venues: number
  organizers: number
  categories: number
  tags: number
  anchor: string
  /** Recurring events added to the single ones (`SERIES_RULES` in turn). */
  series: number
}

/** How the run got its database: imported now (with the import's speed) or copied from an earlier import. */
export type Prepared = {
  uri: string
  source: 'imported' | 'reused'
  cache: string
  import?: Imported
  drop: () => Promise<void>
}

type Imported = { seconds: number; eventsPerSecond: number }

export const datasetKey = (args: DatasetArgs) =>
  `e${args.events}-v${args.venues}-o${args.organizers}-c${args.categories}-t${args.tags}-a${args.anchor.replaceAll('-', '')}${args.series ? `-s${args.series}` : ''}`

/** The recurring events of the dataset, in turn: weekly and twice a week for a year, monthly, daily for a month. */
const SERIES_RULES = (anchor: string) => {
  const yearOn = `${Number(anchor.slice(0, 4)) + 1}${anchor.slice(5, 7)}${anchor.slice(8, 10)}`
  return [
    `FREQ=WEEKLY;UNTIL=${yearOn}`,
    `FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=${yearOn}`,
    'FREQ=MONTHLY;BYDAY=-1FR',
    'FREQ=DAILY;COUNT=30',
  ]
}

type GeneratedEvent = { key: string; title: string; start_date: string; all_day?: boolean }

/**
 * `series` recurring events made from the first single events (their venue, terms and time of day; two hours
 * long, or all day), starting in the anchor's four weeks, so that every series has occurrences in the lists' window.
 */
function withSeries<T extends { events: GeneratedEvent[] }>(dataset: T, args: DatasetArgs): T {
  const rules = SERIES_RULES(args.anchor)
  const series = dataset.events.slice(0, args.series).map((event, index) => {
    const day = new Date(`${args.anchor}T00:00:00Z`)
    day.setUTCDate(day.getUTCDate() + (index % 28))
    const date = day.toISOString().slice(0, 10)
    const hour = Math.min(Number(event.start_date.slice(11, 13)), 21)
    const at = (h: number) => `${date} ${String(h).padStart(2, '0')}:${event.start_date.slice(14)}`
    return {
      ...event,
      key: `${event.key}-series`,
      title: `${event.title} (series)`,
      start_date: event.all_day ? `${date} 00:00:00` : at(hour),
      end_date: event.all_day ? `${date} 23:59:59` : at(hour + 2),
      recurrence: rules[index % rules.length],
    }
  })
  return { ...dataset, events: [...dataset.events, ...series] }
}

/** Runs a command, passing its stderr (the import's progress bar) through; resolves to its stdout. */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      args,
      { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 64 << 20 },
      (error, stdout) =>
        error
          ? reject(new Error(`${command} ${args.join(' ')} failed:\n${stdout}`))
          : resolve(stdout),
    )
    child.stderr?.pipe(process.stderr)
  })
}

/** Writes the dataset with bench/make-dataset.mjs under bench-results/cache; returns the file's path. */
export async function writeDataset(args: DatasetArgs): Promise<string> {
  fs.mkdirSync(CACHE_DIR, { recursive: true })
  const file = path.join(CACHE_DIR, `${datasetKey(args)}.json`)
  await run('node', [
    'bench/make-dataset.mjs',
    ...['--events', '--venues', '--organizers', '--categories', '--tags', '--anchor'].flatMap(
      (flag) => [flag, String(args[flag.slice(2) as keyof DatasetArgs])],
    ),
    '--out',
    file,
  ])
  if (args.series)
    fs.writeFileSync(
      file,
      JSON.stringify(withSeries(JSON.parse(fs.readFileSync(file, 'utf8')), args)),
    )
  return file
}

/** Imports the dataset with `npm run seed`, timing the import. */
async function importDataset(args: DatasetArgs, uri: string): Promise<Imported> {
  const file = await writeDataset(args)
  // One seed process per chunk of events: on SQLite the import's native memory grows by about 0.3 MB per event
  // and is not returned before the process ends, so one process for 100,000 events would outgrow the machine. The
  // import is idempotent, so each chunk carries every term, venue and organizer, written by the first only.
  const dataset = JSON.parse(fs.readFileSync(file, 'utf8')) as { events: unknown[] }
  fs.rmSync(file)
  let seconds = 0
  for (let start = 0; start < dataset.events.length; start += EVENTS_PER_SEED) {
    const chunk = path.join(CACHE_DIR, `${datasetKey(args)}-from-${start}.json`)
    fs.writeFileSync(
      chunk,
      JSON.stringify({ ...dataset, events: dataset.events.slice(start, start + EVENTS_PER_SEED) }),
    )
    const output = await run('npm', ['run', '--silent', 'seed', '--', '--file', chunk], {
      DATABASE_URI: uri,
    })
    fs.rmSync(chunk)
    // The seed's own figure: the import alone, without booting Payload and migrating.
    seconds += Number(/Imported \S+ in ([\d.]+) s/.exec(output)?.[1])
  }
  return { seconds, eventsPerSecond: dataset.events.length / seconds }
}

/**
 * A SQLite database holding the dataset, for this run only. The import is kept in a folder under
 * bench-results/cache named from the dataset arguments, and copied for each run (the run writes a user);
 * `fresh` imports anew. Folders, because the write-ahead log beside the database file belongs to it.
 */
export async function sqliteDatabase(args: DatasetArgs, fresh: boolean): Promise<Prepared> {
  const cache = path.join(CACHE_DIR, datasetKey(args))
  let imported: Prepared['import']
  if (fresh || !fs.existsSync(cache)) {
    const partial = `${cache}.partial`
    fs.rmSync(partial, { force: true, recursive: true })
    fs.mkdirSync(partial, { recursive: true })
    imported = await importDataset(args, `file:${path.join(partial, SQLITE_FILE)}`)
    fs.rmSync(cache, { force: true, recursive: true })
    fs.renameSync(partial, cache)
  }
  const copy = path.join(CACHE_DIR, `run-${process.pid}`)
  fs.cpSync(cache, copy, { recursive: true })
  return {
    uri: `file:${path.join(copy, SQLITE_FILE)}`,
    source: imported ? 'imported' : 'reused',
    cache: path.relative(ROOT, cache),
    import: imported,
    drop: async () => fs.rmSync(copy, { force: true, recursive: true }),
  }
}

/**
 * A Postgres database for this run only: a copy (`CREATE DATABASE … TEMPLATE`) of the database named `cache`, which
 * `fill` made once and which stays on the server for later runs; `fresh` fills it anew.
 */
export async function postgresCopy(
  cache: string,
  fresh: boolean,
  adminUri: string,
  fill: (uri: string) => Promise<Imported>,
): Promise<Prepared> {
  const admin = new pg.Client({ connectionString: adminUri })
  await admin.connect()
  const uriOf = (name: string) =>
    Object.assign(new URL(adminUri), { pathname: `/${name}` }).toString()
  const copy = `${cache.startsWith('bench_site') ? 'bench_site_run' : 'bench_run'}_${process.pid}`
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [cache])
    let imported: Prepared['import']
    if (fresh || !rowCount) {
      await admin.query(`DROP DATABASE IF EXISTS ${cache}_partial WITH (FORCE)`)
      await admin.query(`CREATE DATABASE ${cache}_partial`)
      imported = await fill(uriOf(`${cache}_partial`))
      await admin.query(`DROP DATABASE IF EXISTS ${cache} WITH (FORCE)`)
      await admin.query(`ALTER DATABASE ${cache}_partial RENAME TO ${cache}`)
    }
    await admin.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${copy} TEMPLATE ${cache}`)
    return {
      uri: uriOf(copy),
      source: imported ? 'imported' : 'reused',
      cache: `postgres database ${cache}`,
      import: imported,
      drop: async () => {
        const client = new pg.Client({ connectionString: adminUri })
        await client.connect()
        await client.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`)
        await client.end()
      },
    }
  } finally {
    await admin.end()
  }
}

/** The dataset imported anew into the MongoDB database at `uri` (CongoDB keeps nothing between runs). */
export const mongoDatabase = async (args: DatasetArgs, uri: string): Promise<Prepared> => ({
  uri,
  source: 'imported',
  cache: 'none (CongoDB, in memory)',
  import: await importDataset(args, uri),
  drop: async () => {},
})

/** The development host's Postgres database holding the dataset, kept under a name made from the dataset arguments. */
export const postgresDatabase = (
  args: DatasetArgs,
  fresh: boolean,
  adminUri: string,
): Promise<Prepared> =>
  postgresCopy(`bench_${datasetKey(args).replaceAll('-', '_')}`, fresh, adminUri, (uri) =>
    importDataset(args, uri),
  )
