import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

import { startCongo } from './congodb.js'
import { describeIf, testIf } from './skips.js'

type TestDatabaseSetting =
  { kind: 'postgres'; uri: string } | { kind: 'sqlite' } | { kind: 'mongo' }

export type TestDatabase = {
  kind: TestDatabaseSetting['kind']
  uri: string
  drop: () => Promise<void>
}

/** The database this jest project runs against (see jest.config.mjs). */
export function databaseKind(): TestDatabaseSetting {
  const setting = (globalThis as { TEST_DATABASE?: TestDatabaseSetting }).TEST_DATABASE
  if (!setting)
    throw new Error(
      'this jest project has no database: a *.unit.spec.ts file starts no server and no database ' +
        '(name the file *.spec.ts to run it on SQLite and PostgreSQL)',
    )
  return setting
}

/**
 * A new, empty database of this project's kind: a temporary SQLite file, a new Postgres database, or a database of
 * a CongoDB server of its own in this process (`congodb.ts`).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const setting = databaseKind()
  const name = `calendar_test_${Date.now()}_${randomBytes(4).toString('hex')}`
  if (setting.kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-test-'))
    return {
      kind: 'sqlite',
      uri: `file:${path.join(dir, `${name}.db`)}`,
      drop: async () => fs.rmSync(dir, { force: true, recursive: true }),
    }
  }
  if (setting.kind === 'mongo') {
    const congo = await startCongo()
    return { kind: 'mongo', uri: congo.uri(name), drop: congo.stop }
  }
  const admin = new pg.Client({ connectionString: setting.uri })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const uri = new URL(setting.uri)
  uri.pathname = `/${name}`
  return {
    kind: 'postgres',
    uri: uri.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: setting.uri })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

/**
 * What CongoDB, the MongoDB test server of the mongo project, lacks of a real MongoDB: it does not enforce unique
 * indexes, ignores transactions (a write inside one is seen before it commits, a rollback undoes nothing), and
 * fails on `join` fields.
 */
export type CongoGap = 'joins' | 'transactions' | 'unique indexes'

const onCongo = () => databaseKind().kind === 'mongo'
const congoLacks = (gap: CongoGap) => `CongoDB, MongoDB's test server here, has no ${gap}`
const sqlOnly = 'what it tests exists on the SQL adapters only'

/** `test` where the database has `gap`; on CongoDB, which lacks it, the test is skipped, saying so. */
export const testNeeding = (gap: CongoGap) => testIf(!onCongo(), congoLacks(gap))

/** `describe` where the database has `gap`; on CongoDB, which lacks it, the tests are skipped, saying so. */
export const describeNeeding = (gap: CongoGap) => describeIf(!onCongo(), congoLacks(gap))

/** `describe` for what exists on the SQL adapters only (their fast paths, schema and migrations). */
export const describeOnSql = () => describeIf(!onCongo(), sqlOnly)

/** `test` for what exists on the SQL adapters only. */
export const testOnSql = () => testIf(!onCongo(), sqlOnly)

/** `test` for what one database kind alone has (`why` says what), skipped on the others. */
export const testOn = (kind: TestDatabase['kind'], why: string) =>
  testIf(databaseKind().kind === kind, `${why}: ${kind} only`)

/** `describe` for what one database kind alone has (`why` says what), skipped on the others. */
export const describeOn = (kind: TestDatabase['kind'], why: string) =>
  describeIf(databaseKind().kind === kind, `${why}: ${kind} only`)
