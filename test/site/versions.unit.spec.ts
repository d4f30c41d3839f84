/**
 * The generated sites' versions come from package.json alone: the newest from its development pins, the oldest
 * from the lower bounds of its peer ranges.
 */
import fs from 'node:fs'
import path from 'node:path'

import { lowerBound, versionOf } from './versions.js'

const manifest = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
)

test('the lower bound of a range is the lowest of its parts', () => {
  expect(lowerBound('>=3.57.0 <4')).toBe('3.57.0')
  expect(lowerBound('^15.4.11 || >=16.1.1 <17')).toBe('15.4.11')
  expect(lowerBound('>=16.1.1 <17 || ^15.4.11')).toBe('15.4.11')
  expect(lowerBound('^19.0.1')).toBe('19.0.1')
})

test('a range without a lower bound it can read is refused, not guessed', () => {
  expect(() => lowerBound('*')).toThrow(/no lower bound/)
  expect(() => lowerBound('~15.4.11')).toThrow(/no lower bound/)
})

test('the oldest site takes each peer at its lower bound, and the database adapter with payload', () => {
  for (const name of ['payload', '@payloadcms/ui', 'next', 'react']) {
    expect(versionOf(name, 'oldest')).toBe(lowerBound(manifest.peerDependencies[name]))
    expect(versionOf(name, 'newest')).toBe(manifest.devDependencies[name])
  }
  expect(versionOf('@payloadcms/db-postgres', 'oldest')).toBe(versionOf('payload', 'oldest'))
  expect(versionOf('typescript', 'oldest')).toBe(manifest.devDependencies.typescript)
})
