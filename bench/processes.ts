import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

import { ROOT } from './database.js'

const NODE_ARGS = ['--conditions=production', '--import', 'tsx']

export type Served = { url: string; pid: number; stop: () => Promise<void> }

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  log: () => string,
): Promise<void> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}:\n${log()}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer within 2 minutes:\n${log()}`)
}

/**
 * Starts a node script of the project as its own process on a free loopback port; `probe` is a path that answers 200
 * once up.
 */
async function startScript(
  script: string,
  nodeArgs: string[],
  env: Record<string, string>,
  probe: string,
): Promise<Served> {
  const port = await freePort()
  const child = spawn(process.execPath, [...NODE_ARGS, ...nodeArgs, script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000))
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const url = `http://127.0.0.1:${port}`
  await waitUntilAnswering(url + probe, child, () => output)
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/**
 * V8's heap limit for the project's server: with memory to spare, V8 lets the heap of a busy server grow far past
 * what it holds (peaks of 520 MiB at 100,000 events); with a limit it collects sooner, at the same throughput
 * (about 310 MiB). See docs/performance.md.
 */
export const SERVER_HEAP_MIB = 256

/**
 * The project's own server (`scripts/start.ts`, API only) in production mode on the given database, with
 * `workers` worker processes; the heap limit applies to each.
 */
export const startServer = (databaseUri: string, workers: number) =>
  startScript(
    'scripts/start.ts',
    [],
    {
      NODE_ENV: 'production',
      NODE_OPTIONS: `--max-old-space-size=${SERVER_HEAP_MIB}`,
      SERVE_ADMIN: 'false',
      DATABASE_URI: databaseUri,
      PAYLOAD_SECRET: 'a-secret-for-the-benchmark-only',
      WEB_CONCURRENCY: String(workers),
    },
    '/api/calendar/events/v1/',
  )

/**
 * CongoDB (`npm run congodb`), the MongoDB wire-protocol test server, in a process of its own so that it does not
 * share the load generator's event loop; its data lives in that process's memory.
 */
export async function startCongoServer(): Promise<{ uri: string; stop: () => Promise<void> }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/congodb.ts', String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`npm run congodb exited with ${code}`)))
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('CongoDB')) resolve()
    })
  })
  return {
    uri: `mongodb://127.0.0.1:${port}/bench?serverMonitoringMode=poll`,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** The floor: bench/floor.ts, a bare node HTTP server replaying whatever bytes it is given. */
export const startFloor = () => startScript(path.join('bench', 'floor.ts'), [], {}, '/')

/** The process and its descendants (a server's workers), from `/proc/<pid>/task/<pid>/children`. */
function processTree(pid: number): number[] {
  let children: number[] = []
  try {
    children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
  } catch {
    // The process has ended: it has no children.
  }
  return [pid, ...children.flatMap(processTree)]
}

/**
 * Resets the peak resident set size of the process and its workers (`/proc/<pid>/clear_refs`), so that VmHWM
 * afterwards is the peak of what came since. Returns false where the kernel does not allow it; the peak is then
 * the processes' lifetime peak.
 */
export function resetPeakMemory(pid: number): boolean {
  try {
    for (const each of processTree(pid)) fs.writeFileSync(`/proc/${each}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

/** The peak resident set size (VmHWM) of the process and its workers together, in MiB. */
export function peakMemoryMiB(pid: number): number {
  return processTree(pid).reduce((sum, each) => {
    const status = fs.readFileSync(`/proc/${each}/status`, 'utf8')
    return sum + Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]) / 1024
  }, 0)
}

const cpuMs = (pid: number) =>
  processTree(pid).reduce((sum, each) => {
    // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name): user and system time, in clock ticks.
    const fields = fs.readFileSync(`/proc/${each}/stat`, 'utf8').split(') ')[1].split(' ')
    return sum + ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  }, 0)

/**
 * Waits until the process uses less than a tenth of a core: requests a load gave up on (timeouts) are still
 * being served, and would otherwise weigh on the next route's figures. Gives up after two minutes.
 */
export async function waitUntilIdle(pid: number): Promise<void> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    const before = cpuMs(pid)
    await new Promise((resolve) => setTimeout(resolve, 500))
    if (cpuMs(pid) - before < 50) return
  }
}
