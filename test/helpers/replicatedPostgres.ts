import { execFile, execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

import { freePort } from './processes.js'

const exec = promisify(execFile)

let bin: string | undefined

/**
 * The directory of the local installation's PostgreSQL server programs (`initdb`, `pg_ctl`, `pg_basebackup`):
 * `POSTGRES_BIN`, or what `pg_config --bindir` names.
 */
function postgresBin(): string {
  if (bin) return bin
  let found = process.env.POSTGRES_BIN
  if (!found) {
    try {
      found = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim()
    } catch (error) {
      throw new Error(
        `pg_config --bindir failed (${(error as Error).message}): set POSTGRES_BIN to the directory of initdb`,
      )
    }
  }
  if (!fs.existsSync(path.join(found, 'initdb')))
    throw new Error(
      `${found} has no initdb (${process.env.POSTGRES_BIN ? 'POSTGRES_BIN' : 'pg_config --bindir'}): ` +
        'set POSTGRES_BIN to the directory of the PostgreSQL server programs',
    )
  return (bin = found)
}

export type ReplicatedPostgres = {
  primaryUri: string
  replicaUri: string
  /** The replica stops applying what the primary commits (it keeps receiving it), until `resumeReplay`. */
  pauseReplay: () => Promise<void>
  resumeReplay: () => Promise<void>
  /** Waits until the replica has applied everything the primary committed so far. */
  caughtUp: () => Promise<void>
  stop: () => Promise<void>
}

/** PostgreSQL refuses to run as root: as root the servers run as `postgres`, in a directory it owns. */
const runningAsRoot = process.getuid?.() === 0

async function asServerUser(program: string, args: string[]): Promise<void> {
  const [file, argv] = runningAsRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(postgresBin(), program), ...args]]
    : [path.join(postgresBin(), program), args]
  await exec(file, argv, { timeout: 60_000 })
}

async function query(
  uri: string,
  text: string,
  values: unknown[] = [],
): Promise<Record<string, unknown>> {
  const client = new pg.Client({ connectionString: uri })
  await client.connect()
  try {
    return (await client.query(text, values)).rows[0]
  } finally {
    await client.end()
  }
}

/**
 * A PostgreSQL primary and a streaming replica of it, made for a test with the local installation's programs in a
 * temporary directory, on free loopback ports: `initdb` (trust, which admits replication from the loopback), then
 * `pg_basebackup -R` for the replica. Stopped with `pg_ctl` and removed by `stop`.
 */
export async function startReplicatedPostgres(): Promise<ReplicatedPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-replica-'))
  if (runningAsRoot) {
    const { stdout } = await exec('id', ['-u', 'postgres'])
    const { stdout: group } = await exec('id', ['-g', 'postgres'])
    fs.chownSync(dir, Number(stdout.trim()), Number(group.trim()))
  }
  const primary = path.join(dir, 'primary')
  const replica = path.join(dir, 'replica')
  const started: string[] = []
  const stop = async () => {
    for (const data of started.reverse())
      await asServerUser('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(
        () => undefined,
      )
    fs.rmSync(dir, { force: true, recursive: true })
  }
  const start = async (data: string, port: number) => {
    const settings = [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'fsync = off',
    ]
    fs.appendFileSync(path.join(data, 'postgresql.conf'), `\n${settings.join('\n')}\n`)
    await asServerUser('pg_ctl', ['-D', data, '-l', `${data}.log`, '-w', '-t', '60', 'start'])
    started.push(data)
  }
  try {
    const [primaryPort, replicaPort] = [await freePort(), await freePort()]
    await asServerUser('initdb', [
      '-D',
      primary,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
    ])
    await start(primary, primaryPort)
    await asServerUser('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replica,
      '-R',
      '-X',
      'stream',
      '--no-sync',
    ])
    await start(replica, replicaPort)
    const primaryUri = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`
    const replicaUri = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`
    return {
      primaryUri,
      replicaUri,
      pauseReplay: async () => void (await query(replicaUri, 'SELECT pg_wal_replay_pause()')),
      resumeReplay: async () => void (await query(replicaUri, 'SELECT pg_wal_replay_resume()')),
      caughtUp: async () => {
        const { lsn } = await query(primaryUri, 'SELECT pg_current_wal_lsn()::text AS lsn')
        const deadline = Date.now() + 30_000
        while (
          !(await query(replicaUri, 'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [lsn]))
            .done
        ) {
          if (Date.now() > deadline) throw new Error('the replica did not catch up within 30 s')
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
