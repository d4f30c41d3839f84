import type { EventEmitter } from 'node:events'
import type { AddressInfo } from 'node:net'
import type { Config, Payload } from 'payload'

import type { EventsCalendarOptions } from 'payload-events-calendar'

import { numberOfObjectId, objectIdOf } from '../../src/database/recordIds.js'
import { withRecordNumbers } from '../../src/hooks/numberedIds.js'
import { createTestDatabase, type TestDatabase } from './database.js'

const LOCAL_API_CALLS = new Set([
  'find',
  'findByID',
  'count',
  'create',
  'update',
  'delete',
  'duplicate',
])

/**
 * On MongoDB the tests' Local API speaks record numbers, as the namespace does (`withRecordNumbers`): a fixture's ids
 * are then the ones the namespace answers with, on every database.
 */
function speakingNumbers(payload: Payload): Payload {
  return new Proxy(payload, {
    get(target, key) {
      const value = Reflect.get(target, key)
      if (typeof value !== 'function') return value
      if (typeof key !== 'string' || !LOCAL_API_CALLS.has(key)) return value.bind(target)
      return (args: unknown) => withRecordNumbers(() => value.call(target, args))
    },
  })
}

export type TestServer = {
  api: string
  database: TestDatabase
  payload: Payload
  /**
   * The Payload instance itself, as a site's own code (its scripts, migrations and imports) has it: on MongoDB it
   * speaks the ObjectIds of records where `payload` speaks their numbers.
   */
  sitePayload: Payload
  /** A record's id as Payload's own REST API and admin know it: its ObjectId on MongoDB, its number elsewhere. */
  payloadId: (id: number) => number | string
  /** A record's number from its id as Payload's own REST API and admin know it (`payloadId` the other way). */
  wireId: (id: number | string) => number | undefined
  url: string
  /** fetch against the server, JSON in and out; `token` is sent as a Payload JWT. */
  request: (
    path: string,
    init?: {
      body?: unknown
      rawBody?: string
      method?: string
      token?: string
      headers?: Record<string, string>
    },
  ) => Promise<{ status: number; body: any; headers: Headers }>
  stop: () => Promise<void>
}

/**
 * Boots the development host on a fresh database (migrated), served over real HTTP on a loopback port.
 * The environment is set before the config is imported, so each test file gets its own database.
 */
export async function startTestServer(
  calendar: EventsCalendarOptions = {},
  overrides: Partial<Config> = {},
): Promise<TestServer> {
  const database = await createTestDatabase()
  process.env.DATABASE_URI = database.uri
  process.env.DISABLE_PAYLOAD_HMR = 'true'
  // One at a time: jest's ESM loader fails on concurrent dynamic imports that share dependencies.
  const { buildConfig, getPayload } = await import('payload')
  const { hostConfig } = await import('../../payload.config.js')
  const { createHostServer } = await import('../../host/server/app.js')
  const config = await buildConfig(await hostConfig(calendar, overrides))
  // getPayload keeps one instance per process, which the server's request handling looks up again: one test
  // server at a time in a test file, and stop() makes Payload forget it so that the next one starts afresh.
  const payload = await getPayload({ config })
  const server = createHostServer(payload).listen(0, '127.0.0.1')
  // fetch drops an idle connection after about 4 s; a server closing it first (Node's default is 5 s) can close
  // one a busy test is just reusing, and the request fails with ECONNRESET.
  server.keepAliveTimeout = 60_000
  await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    api: `${url}/api`,
    database,
    payload: database.kind === 'mongo' ? speakingNumbers(payload) : payload,
    sitePayload: payload,
    payloadId: (id) => (database.kind === 'mongo' ? objectIdOf(id) : id),
    wireId: (id) => (typeof id === 'number' ? id : numberOfObjectId(id)),
    url,
    request: async (path, init = {}) => {
      const headers: Record<string, string> = { ...init.headers }
      if (init.body !== undefined) headers['content-type'] = 'application/json'
      if (init.token) headers.authorization = `JWT ${init.token}`
      const response = await fetch(`${url}${path}`, {
        method:
          init.method ?? (init.body === undefined && init.rawBody === undefined ? 'GET' : 'POST'),
        headers,
        body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      })
      const text = await response.text()
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {
        // Not JSON: the text itself.
      }
      return { status: response.status, body, headers: response.headers }
    },
    stop: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await payload.destroy()
      // Payload's destroy() leaves the instance in getPayload's cache, whose next call would answer it.
      ;(globalThis as { _payload?: Map<string, unknown> })._payload?.delete('default')
      // The Postgres adapter keeps a pool client for reconnects; dropping the database ends it, expectedly.
      ;(payload.db as { pool?: EventEmitter }).pool
        ?.removeAllListeners('error')
        .on('error', () => {})
      await database.drop()
    },
  }
}
