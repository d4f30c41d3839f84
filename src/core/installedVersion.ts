import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/** The version of an installed package as the site resolves it (from its working directory), or `unknown`. */
export function installedVersion(name: string): string {
  try {
    let dir = path.dirname(createRequire(path.join(process.cwd(), 'noop.js')).resolve(name))
    for (; dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const file = path.join(dir, 'package.json')
      if (!fs.existsSync(file)) continue
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        name?: string
        version?: string
      }
      if (manifest.name === name) return manifest.version ?? 'unknown'
    }
  } catch {
    // Reported as unknown.
  }
  return 'unknown'
}
