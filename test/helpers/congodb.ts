/**
 * CongoDB, a MongoDB wire-protocol server written in TypeScript (MIT), which runs Payload's MongoDB adapter where no
 * real `mongod` can be installed. It ships inside the package `@push.rocks/smartmongo`, whose other dependencies
 * name versions the registry does not have; so the package's tarball is fetched once through npm (into npm's cache,
 * checked against the integrity pinned here) and only its `dist_ts/congodb` is unpacked under node_modules/.cache.
 * The few packages it imports are devDependencies of this project, at versions that work with it.
 */
import type { AddressInfo } from 'node:net'

import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

import { ROOT } from './run.js'

const PACKAGE = '@push.rocks/smartmongo'
const VERSION = '2.2.0'
const INTEGRITY =
  'sha512-ovVCNoJ3D0aBuKtoKaQWWQKvBngaGJq9fAPQigzji1EHsS1XyGpXWCpe5nq/ptGvBROOcpqZcOFEGAcrnb+OjA=='
const DIR = path.join(ROOT, 'node_modules', '.cache', 'congodb', VERSION)

type CongoServer = { start: () => Promise<void>; stop: () => Promise<void> }
type CongoModule = {
  CongoServer: new (options: { port: number; host: string; storage: 'memory' }) => CongoServer
}

/** The unpacked server's entry, fetched and unpacked on first use. */
function congoEntry(): string {
  const entry = path.join(DIR, 'congodb', 'index.js')
  if (fs.existsSync(entry)) return entry
  fs.mkdirSync(DIR, { recursive: true })
  const tarball = path.join(
    DIR,
    execFileSync('npm', ['pack', `${PACKAGE}@${VERSION}`, '--pack-destination', DIR, '--silent'], {
      cwd: DIR,
      encoding: 'utf8',
    }).trim(),
  )
  const integrity = `sha512-${createHash('sha512').update(fs.readFileSync(tarball)).digest('base64')}`
  if (integrity !== INTEGRITY)
    throw new Error(`${tarball}: integrity ${integrity}, expected ${INTEGRITY}`)
  execFileSync('tar', [
    '-xzf',
    tarball,
    '-C',
    DIR,
    '--strip-components=2',
    'package/dist_ts/congodb',
  ])
  fs.rmSync(tarball)
  return entry
}

async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, '127.0.0.1')
  await new Promise((resolve) => probe.once('listening', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

export type Congo = { uri: (database: string) => string; stop: () => Promise<void> }

/** A CongoDB server in this process, in memory, on a loopback port (a free one unless given). */
export async function startCongo(chosenPort?: number): Promise<Congo> {
  const { CongoServer } = (await import(congoEntry())) as CongoModule
  const port = chosenPort ?? (await freePort())
  const server = new CongoServer({ port, host: '127.0.0.1', storage: 'memory' })
  await server.start()
  return {
    // The driver's streaming heartbeat expects replies CongoDB does not send ("Server ended moreToCome
    // unexpectedly"), and clears the connection pool under the operations in flight: poll instead.
    uri: (database) => `mongodb://127.0.0.1:${port}/${database}?serverMonitoringMode=poll`,
    stop: () => server.stop(),
  }
}
