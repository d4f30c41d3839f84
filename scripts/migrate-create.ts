/**
 * Writes a migration for each SQL dialect from the current schema: `npm run migrate:create -- <name>`.
 * SQLite is diffed against a throwaway file, Postgres against `MIGRATE_POSTGRES_URI` (default: the local server).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const name = process.argv[2] ?? 'change'
const targets = {
  sqlite: `file:${path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-migrate-')), 'schema.db')}`,
  postgres: process.env.MIGRATE_POSTGRES_URI ?? 'postgres://postgres@127.0.0.1:5432/postgres',
}

for (const [dialect, uri] of Object.entries(targets)) {
  execFileSync('npx', ['payload', 'migrate:create', name, '--force-accept-warning'], {
    env: { ...process.env, DATABASE_URI: uri, DISABLE_PAYLOAD_HMR: 'true' },
    stdio: 'inherit',
  })
  // Payload writes extensionless imports, which NodeNext module resolution rejects.
  const index = path.join('migrations', dialect, 'index.ts')
  fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace(/from '(\.\/[^']+?)(?<!\.js)'/g, "from '$1.js'"))
}
