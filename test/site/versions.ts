/**
 * The versions a generated site installs: the newest, which this project is developed with (its devDependencies),
 * or the oldest it supports, read from the lower bounds of its peerDependencies, so that the range package.json
 * declares is the one the test proves.
 */
import fs from 'node:fs'
import path from 'node:path'

export type Versions = 'newest' | 'oldest'

const manifest = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
) as { devDependencies: Record<string, string>; peerDependencies: Record<string, string> }

const numbers = (version: string) => version.split('.').map(Number)
const older = (a: string, b: string) => {
  const [x, y] = [numbers(a), numbers(b)]
  const at = x.findIndex((part, index) => part !== y[index])
  return at >= 0 && x[at] < y[at]
}

/** The lowest version a range such as `^15.4.11 || >=16.1.1 <17` admits: the lowest `>=` or `^` bound of its parts. */
export function lowerBound(range: string): string {
  const bounds = range.split('||').map((part) => {
    const match = /^\s*(?:>=|\^)(\d+\.\d+\.\d+)(?:\s|$)/.exec(part)
    if (!match) throw new Error(`no lower bound in the peer range "${part.trim()}" of "${range}"`)
    return match[1]
  })
  return bounds.reduce((lowest, bound) => (older(bound, lowest) ? bound : lowest))
}

/**
 * The version of a site's package: the development pin, or the lower bound of its peer range; a Payload package
 * that is no peer (the database adapter) goes with `payload`.
 */
export function versionOf(name: string, versions: Versions): string {
  if (versions === 'newest') return manifest.devDependencies[name]
  const peer =
    manifest.peerDependencies[name] ??
    (name.startsWith('@payloadcms/') ? manifest.peerDependencies.payload : undefined)
  return peer ? lowerBound(peer) : manifest.devDependencies[name]
}
