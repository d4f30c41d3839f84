import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '../..')

/** The newest modification time of a file, or of anything inside a directory. */
export function newestChange(entry: string): number {
  const stat = fs.statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(
    stat.mtimeMs,
    ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))),
  )
}

let builtPackageChecked = false

/**
 * The processes the tests start (`npm start`, the npm scripts) import the plugin as a package, from `dist/`, which
 * `npm test` builds first and the other test scripts do not (test/README.md): without it they cannot start, and
 * built before the last change to `src/` they test the old code.
 */
export function checkBuiltPackage(): void {
  if (builtPackageChecked) return
  builtPackageChecked = true
  const entry = path.join(ROOT, 'dist', 'src', 'exports', 'index.js')
  if (!fs.existsSync(entry))
    throw new Error('dist/ is missing: run `npm run build` first (see test/README.md)')
  if (newestChange(path.join(ROOT, 'src')) > fs.statSync(entry).mtimeMs)
    console.warn(
      'src/ changed since dist/ was built: processes started by the tests run the old build (`npm run build`)',
    )
}

/** Runs an npm script of the project against a database, as a newcomer would from the shell. */
export function runScript(
  script: string,
  args: string[],
  databaseUri: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  checkBuiltPackage()
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', script, '--', ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_URI: databaseUri }, timeout: 170_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

/** A user made with `npm run user:create` in a database no server has opened yet, as a site owner makes one. */
export async function createUserByScript(
  databaseUri: string,
  user: { email: string; password: string },
  role = 'editor',
): Promise<void> {
  const created = await runScript(
    'user:create',
    ['--email', user.email, '--password', user.password, '--role', role],
    databaseUri,
  )
  if (created.code !== 0) throw new Error(`user:create failed: ${created.stderr}`)
}
