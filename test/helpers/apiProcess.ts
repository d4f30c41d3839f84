import { type ChildProcess, spawn } from 'node:child_process'

import { ROOT } from './run.js'

export type ApiProcess = {
  url: string
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string
  exitCode: () => number | null
  stop: () => Promise<void>
}

/** Starts test/helpers/apiHost.ts on `databaseUri` and waits until it listens. */
export async function startApiProcess(databaseUri: string): Promise<ApiProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=production', '--import', 'tsx', 'test/helpers/apiHost.ts'],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URI: databaseUri, DISABLE_PAYLOAD_HMR: 'true', NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the host did not listen within 90 s:\n${output}`)), 90_000)
    child.stdout!.on('data', (chunk) => {
      output += chunk
      const match = /listening (http:\/\/\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    child.stderr!.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the host exited (${code}):\n${output}`))
    })
  })
  return {
    url,
    output: () => output,
    exitCode: () => child.exitCode,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000).unref())])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      child.stdout!.destroy()
      child.stderr!.destroy()
    },
  }
}
