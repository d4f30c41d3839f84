import net from 'node:net'

/** Postgres for the second run of the suite: TEST_POSTGRES_URI, or the local server when it answers. */
async function postgresUri() {
  if (process.env.TEST_POSTGRES_URI) return process.env.TEST_POSTGRES_URI
  const answers = await new Promise((resolve) => {
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
  return answers ? 'postgres://postgres@127.0.0.1:5432/postgres' : null
}

/**
 * Pure unit tests (`*.unit.spec.ts`) need no database, and the browser tests (`*.browser.spec.ts`) exercise the
 * admin, not the adapter: both run once, in the SQLite project. The generated site (`site.spec.ts`) runs on
 * PostgreSQL, as most sites do.
 */
const project = (name, database) => ({
  displayName: name,
  testPathIgnorePatterns: [
    database.kind === 'postgres' ? '\\.(unit|browser)\\.spec\\.ts$' : '/site\\.spec\\.ts$',
  ],
  testEnvironment: 'node',
  // Lexical's default Node entry wraps its build in top-level await, which Node 20 sometimes never settles.
  testEnvironmentOptions: { customExportConditions: ['node', 'node-addons', 'production'] },
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
  // The benchmark's generated site and the tests' own output hold whole projects of their own.
  modulePathIgnorePatterns: ['<rootDir>/bench-results/', '<rootDir>/test-results/'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } },
    ],
  },
  // In-process tests run the plugin from its sources, one module graph with the internals they inspect; processes
  // the tests start (npm start, the scripts, the generated site) use the built package.
  moduleNameMapper: {
    '^payload-events-calendar/migrations/sqlite-search-index$':
      '<rootDir>/src/exports/migrations/sqliteSearchIndex.ts',
    '^payload-events-calendar$': '<rootDir>/src/exports/index.ts',
    '^payload-events-calendar/(client|next|rsc|server)$': '<rootDir>/src/exports/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  globals: { TEST_DATABASE: database },
})

export default async () => {
  const postgres = process.env.TEST_DB === 'sqlite' ? null : await postgresUri()
  return {
    testTimeout: 180_000,
    maxWorkers: 2,
    projects: [
      ...(process.env.TEST_DB === 'postgres' ? [] : [project('sqlite', { kind: 'sqlite' })]),
      ...(postgres ? [project('postgres', { kind: 'postgres', uri: postgres })] : []),
    ],
  }
}
