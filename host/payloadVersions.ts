import { checkDependencies } from 'payload'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Payload packages with no release of Payload's own version: `@payloadcms/storage-s3` (and the
 * `@payloadcms/plugin-cloud-storage` it brings) is at 3.90.1 and installs against payload 3.90.2 through
 * package.json `overrides`. Remove it here and there once it matches Payload again.
 */
export const BEHIND_PAYLOAD = ['@payloadcms/storage-s3']

// Payload's own check would stop every start outside production at that one known difference. It is turned off,
// and `checkPayloadVersions` runs the same check over every other Payload package.
process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER ??= 'true'

/** Every Payload package this project installs, by a name Payload's checker resolves. */
export function payloadPackages(): string[] {
  const manifest = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8'),
  )
  return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
    .filter((name) => name === 'payload' || name.startsWith('@payloadcms/'))
    .map((name) => (name === '@payloadcms/next' ? '@payloadcms/next/utilities' : name))
}

/**
 * Payload's check that its packages share one version, over `packages`: by default every Payload package this
 * project installs but those behind Payload. Throws, naming the packages to change, at a mismatch.
 */
export async function checkPayloadVersions(
  packages = payloadPackages().filter((name) => !BEHIND_PAYLOAD.includes(name)),
): Promise<void> {
  await checkDependencies({
    dependencyGroups: [
      { name: 'payload', dependencies: packages, targetVersionDependency: 'payload' },
    ],
  })
}
