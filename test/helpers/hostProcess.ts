import { type ChildProcess, execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

import { createTestDatabase, type TestDatabase } from './database.js'
import { freePort, stopChild } from './processes.js'
import { checkBuiltPackage, createUserByScript, newestChange, ROOT } from './run.js'

const exec = promisify(execFile)

/**
 * The secret production processes of the tests sign logins with: the development host's own default, so a token
 * from an in-process test server works on them too.
 */
const TEST_SECRET = 'development-secret-change-me'

/** What the production build is made from: a change to any of these makes it stale. */
const BUILD_INPUTS = [
  'app',
  'dist',
  'host',
  'payload.config.ts',
  'next.config.mjs',
  'package-lock.json',
]

/** Held while `next build` runs: spec files in two workers may both find the build stale. */
const BUILD_LOCK = path.join(ROOT, 'test-results', 'next-build.lock')
/** A lock older than a build can take was left by a run that was stopped. */
const STALE_LOCK_MS = 20 * 60_000

async function withBuildLock(work: () => Promise<void>): Promise<void> {
  fs.mkdirSync(path.dirname(BUILD_LOCK), { recursive: true })
  for (;;) {
    try {
      fs.mkdirSync(BUILD_LOCK)
      break
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error
      const age = Date.now() - (fs.statSync(BUILD_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? 0)
      if (age > STALE_LOCK_MS) fs.rmSync(BUILD_LOCK, { force: true, recursive: true })
      else await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
  try {
    await work()
  } finally {
    fs.rmSync(BUILD_LOCK, { force: true, recursive: true })
  }
}

/** `next build` once: again only when the build is missing or older than its sources. */
export function ensureAdminBuild(): Promise<void> {
  return withBuildLock(async () => {
    const buildId = path.join(ROOT, '.next', 'BUILD_ID')
    const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0
    if (built > Math.max(...BUILD_INPUTS.map((input) => newestChange(path.join(ROOT, input)))))
      return
    await exec(process.execPath, [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'build'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        NODE_ENV: 'production',
        NODE_OPTIONS: '--conditions=production',
        PAYLOAD_SECRET: TEST_SECRET,
      },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 15 * 60_000,
    })
  })
}

export type HostProcess = {
  url: string
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string
  exitCode: () => number | null
  /** Ends the process at once (SIGKILL), as a crash or a lost machine would. */
  kill: () => void
  stop: () => Promise<void>
}

/**
 * `npm start` as its own process on `databaseUri` and a free loopback port, stopped by its own pid: with the
 * admin from the production build, or the API alone; `workers` worker processes (`WEB_CONCURRENCY`); `env` adds
 * settings (read replicas, object storage).
 */
export async function startHostProcess(
  databaseUri: string,
  {
    admin,
    workers = 1,
    env = {},
  }: { admin: boolean; workers?: number; env?: Record<string, string> },
): Promise<HostProcess> {
  checkBuiltPackage()
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=production', '--import', 'tsx', 'scripts/start.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URI: databaseUri,
        NODE_ENV: 'production',
        PAYLOAD_SECRET: TEST_SECRET,
        WEB_CONCURRENCY: String(workers),
        NODE_OPTIONS: '',
        PORT: String(port),
        SERVER_URL: url,
        SERVE_ADMIN: String(admin),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const probe = admin ? '/admin/login' : '/api/calendar/events/v1'
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}):\n${output}`)
    const ready = await fetch(`${url}${probe}`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the server did not answer within 2 minutes:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    url,
    output: () => output,
    exitCode: () => child.exitCode,
    kill: () => child.kill('SIGKILL'),
    stop: () => stopChild(child),
  }
}

export type AdminServer = { database: TestDatabase; stop: () => Promise<void>; url: string }

/** The admin from the production build on a fresh database with one admin user. */
export async function startAdminServer(admin: {
  email: string
  password: string
}): Promise<AdminServer> {
  await ensureAdminBuild()
  const database = await createTestDatabase()
  await createUserByScript(database.uri, admin, 'admin')
  const host = await startHostProcess(database.uri, { admin: true })
  return {
    database,
    url: host.url,
    stop: async () => {
      await host.stop()
      await database.drop()
    },
  }
}
