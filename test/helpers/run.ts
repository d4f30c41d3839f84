import { execFile } from 'node:child_process'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '../..')

/** Runs an npm script of the project against a database, as a newcomer would from the shell. */
export function runScript(
  script: string,
  args: string[],
  databaseUri: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
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
