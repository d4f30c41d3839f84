import net from 'node:net'

/**
 * The projects of the suite (test/README.md describes them and the scripts that run each):
 *
 * - `unit`: `*.unit.spec.ts`, pure functions, no database and no server; runs in seconds.
 * - `sqlite`, `postgres`: every other spec against a real database over real HTTP, once per database.
 * - `browser`: `*.browser.spec.ts`, the admin and CORS in Chromium, on SQLite (they exercise the browser, not the
 *   database adapter).
 * - `site`: `test/site/site.spec.ts`, the packed plugin in a generated Next.js site, on PostgreSQL as most sites are.
 * - `mongo`: every other spec but those of `SQL_ONLY`, on MongoDB's wire protocol, served by CongoDB in the test's
 *   process.
 *
 * `TEST_PROJECTS` (comma-separated) builds only the projects named, so a script can choose them and still take
 * test paths after it (`--selectProjects` takes every later argument as a project name). `TEST_DB=sqlite` or
 * `TEST_DB=postgres` or `TEST_DB=mongo` keeps only the projects of that database (and `unit`).
 */
const PROJECTS = ['unit', 'sqlite', 'postgres', 'browser', 'site', 'mongo']
const ON_POSTGRES = ['postgres', 'site']
const ON_SQLITE = ['sqlite', 'browser']

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres'

/** Whether an environment variable is set to something other than nothing, `0` or `false` (as CI services set `CI`). */
const isSet = (value) => value !== undefined && !['', '0', 'false'].includes(value.toLowerCase())

/** Whether the local PostgreSQL server accepts a connection within a second. */
function localPostgresAnswers() {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 5432, timeout: 1000 })
    const answer = (value) => {
      socket.destroy()
      resolve(value)
    }
    socket
      .once('connect', () => answer(true))
      .once('error', () => answer(false))
      .once('timeout', () => answer(false))
  })
}

/** The project names given to jest's `--selectProjects` on this command line, if any. */
function selectedOnCommandLine(argv = process.argv) {
  const at = argv.findIndex((arg) => /^--select-?[Pp]rojects(=|$)/.test(arg))
  if (at < 0) return []
  const [, inline] = argv[at].split('=')
  const after = argv.slice(at + 1)
  const end = after.findIndex((arg) => arg.startsWith('-'))
  return [...(inline ? [inline] : []), ...(end < 0 ? after : after.slice(0, end))]
}

/**
 * The projects asked for by `TEST_PROJECTS`, `TEST_DB` and `--selectProjects`, and whether they were named
 * explicitly. Projects left out are not built at all, so a run without PostgreSQL projects never looks for it.
 */
function wantedProjects() {
  const fromEnvironment = (process.env.TEST_PROJECTS ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  const selected = selectedOnCommandLine().filter((name) => PROJECTS.includes(name))
  const named = fromEnvironment.length
    ? fromEnvironment.filter((name) => !selected.length || selected.includes(name))
    : selected
  const unknown = fromEnvironment.filter((name) => !PROJECTS.includes(name))
  if (unknown.length)
    throw new Error(
      `TEST_PROJECTS names no project ${unknown.join(', ')}: the projects are ${PROJECTS.join(', ')}`,
    )
  const database = process.env.TEST_DB
  if (database && !['sqlite', 'postgres', 'mongo'].includes(database))
    throw new Error(`TEST_DB is sqlite, postgres or mongo, not ${database}`)
  const dropped =
    {
      sqlite: [...ON_POSTGRES, 'mongo'],
      postgres: [...ON_SQLITE, 'mongo'],
      mongo: [...ON_SQLITE, ...ON_POSTGRES],
    }[database ?? ''] ?? []
  return {
    names: (named.length || selected.length ? named : PROJECTS).filter(
      (name) => !dropped.includes(name),
    ),
    explicit: named.length > 0 || database === 'postgres',
  }
}

/**
 * PostgreSQL for the `postgres` and `site` projects: TEST_POSTGRES_URI, or the local server when it answers. When
 * it does not, a local run goes on without those projects (and says so); a run that asked for them by name, or
 * any run with `CI` set, fails instead, so a missing database never passes for a green suite.
 */
async function postgresUri(explicit) {
  if (process.env.TEST_POSTGRES_URI) return process.env.TEST_POSTGRES_URI
  if (await localPostgresAnswers()) return LOCAL_POSTGRES
  const problem =
    'PostgreSQL does not answer on 127.0.0.1:5432 (and TEST_POSTGRES_URI is not set), so the postgres and site ' +
    'projects cannot run.'
  if (explicit || isSet(process.env.CI))
    throw new Error(
      `${problem} Start PostgreSQL, set TEST_POSTGRES_URI, or run only the SQLite projects (TEST_DB=sqlite).`,
    )
  console.warn(`${problem} Running without them; with CI set this fails instead.`)
  return null
}

/** `TEST_MAX_WORKERS`: a number of workers, or a share of the cores such as `50%`; 2 by default. */
function maxWorkers() {
  const value = process.env.TEST_MAX_WORKERS?.trim()
  if (!value) return 2
  if (/^[1-9]\d*$/.test(value)) return Number(value)
  if (/^[1-9]\d*%$/.test(value)) return value
  throw new Error(`TEST_MAX_WORKERS is a positive number of workers or a percentage, not ${value}`)
}

const UNIT = '\\.unit\\.spec\\.ts$'
/** Patterns that match the spec files named by their path under `test/`, without `.spec.ts`. */
const specFiles = (files) => files.map((file) => `/test/${file}\\.spec\\.ts$`)
/**
 * Spec files of what only the SQL adapters have (their SQL read paths and search indexes), which the mongo project
 * leaves out. Tests that need what CongoDB lacks are skipped there by the tests themselves (`testNeeding`).
 */
const SQL_ONLY = specFiles([
  'database/sql-reads',
  'database/search-index',
  'database/planner-statistics',
  'database/unanalyzed-plans',
])
/**
 * Spec files of what no database adapter takes part in (addresses, paths, CORS, response headers: decided before a
 * record is read, or from the config alone), which run on SQLite alone.
 */
const ONE_DATABASE = specFiles([
  'api/wordpress-paths',
  'api/site-url',
  'security/headers',
  'security/cross-origin',
])
const BROWSER = '\\.browser\\.spec\\.ts$'
const SITE = '/test/site/site\\.spec\\.ts$'

/** Which spec files each project runs: `testRegex` picks them, `ignore` leaves out those of other projects. */
const FILES = {
  unit: { testRegex: UNIT, ignore: [] },
  sqlite: { testRegex: '\\.spec\\.ts$', ignore: [UNIT, BROWSER, SITE] },
  postgres: { testRegex: '\\.spec\\.ts$', ignore: [UNIT, BROWSER, SITE, ...ONE_DATABASE] },
  mongo: {
    testRegex: '\\.spec\\.ts$',
    ignore: [UNIT, BROWSER, SITE, ...SQL_ONLY, ...ONE_DATABASE],
  },
  browser: { testRegex: BROWSER, ignore: [] },
  site: { testRegex: SITE, ignore: [] },
}

const project = (name, database) => ({
  displayName: name,
  roots: ['<rootDir>/test'],
  testRegex: FILES[name].testRegex,
  testPathIgnorePatterns: ['/node_modules/', ...FILES[name].ignore],
  testEnvironment: 'node',
  // Lexical's default Node entry wraps its build in top-level await, which Node 20 sometimes never settles.
  testEnvironmentOptions: { customExportConditions: ['node', 'node-addons', 'production'] },
  // The benchmark's generated site and the tests' own output hold whole projects of their own.
  modulePathIgnorePatterns: ['<rootDir>/bench-results/', '<rootDir>/test-results/'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } },
    ],
    // The site's pages, rendered by the unit specs of their views.
    '^.+\\.tsx$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'es6' },
      },
    ],
  },
  // In-process tests run the plugin from its sources, one module graph with the internals they inspect; processes
  // the tests start (npm start, the scripts, the generated site) use the built package.
  moduleNameMapper: {
    '^payload-events-calendar/migrations/sqlite-search-index$':
      '<rootDir>/src/exports/migrations/sqliteSearchIndex.ts',
    '^payload-events-calendar/migrations/search-text$':
      '<rootDir>/src/exports/migrations/searchText.ts',
    '^payload-events-calendar$': '<rootDir>/src/exports/index.ts',
    '^payload-events-calendar/(client|next|rsc|server|views)$': '<rootDir>/src/exports/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  // The unit project has no database: a unit spec that reaches for one fails at once.
  globals: database ? { TEST_DATABASE: database } : {},
})

export default async () => {
  const { names, explicit } = wantedProjects()
  const postgres = names.some((name) => ON_POSTGRES.includes(name))
    ? await postgresUri(explicit)
    : null
  const databaseOf = (name) =>
    ON_SQLITE.includes(name)
      ? { kind: 'sqlite' }
      : ON_POSTGRES.includes(name)
        ? { kind: 'postgres', uri: postgres }
        : name === 'mongo'
          ? { kind: 'mongo' }
          : null
  return {
    // After jest's own summary: the slowest spec files and the skipped tests by reason.
    reporters: ['default', '<rootDir>/test/reporters/summary.mjs'],
    testTimeout: 180_000,
    maxWorkers: maxWorkers(),
    // Each spec file leaves its Payload instance and module graph in the worker's heap. Without a limit a worker
    // of the whole suite nears Node's heap limit (about 4 GB here) late in the run and spends its time collecting
    // garbage; a worker above 2 GB after a file is replaced by a fresh one.
    workerIdleMemoryLimit: '2GB',
    projects: names
      .filter((name) => !ON_POSTGRES.includes(name) || postgres)
      .map((name) => project(name, databaseOf(name))),
  }
}
