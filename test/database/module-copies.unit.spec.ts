/**
 * A Next.js site bundles its API routes and its pages apart, each with its own copy of the plugin's modules, while
 * both serve one Payload whose config one copy built. What a copy marks on the config's objects must read the same
 * from the other copy, or that copy's reads leave the SQL path for the Local API (ten times slower on a month page).
 * A second copy of a module is loaded here as Node loads one: the same file under another URL.
 */
import type { CollectionAfterReadHook } from 'payload'

import type * as SharedStateModule from '../../src/core/sharedState.js'
import type * as ReadHooksModule from '../../src/database/sql/readHooks.js'

const secondCopy = async <T>(relative: string): Promise<T> =>
  (await import(`${new URL(relative, import.meta.url).href}?second-copy`)) as T

test('a read hook marked by one copy of the module is the namespace read hook for another', async () => {
  const first = await import('../../src/database/sql/readHooks.js')
  const second = await secondCopy<typeof ReadHooksModule>('../../src/database/sql/readHooks.ts')
  expect(second.isNamespaceReadHook).not.toBe(first.isNamespaceReadHook)
  const marked = first.markNamespaceReadHook<CollectionAfterReadHook>(({ doc }) => doc)
  const unmarked: CollectionAfterReadHook = ({ doc }) => doc
  expect([second.isNamespaceReadHook(marked), second.isNamespaceReadHook(unmarked)]).toEqual([
    true,
    false,
  ])
})

test("what the plugin keeps per process (the async contexts of a request's reads, a replica picked) is one for every copy", async () => {
  const first = await import('../../src/core/sharedState.js')
  const second = await secondCopy<typeof SharedStateModule>('../../src/core/sharedState.ts')
  expect(second.sharedState).not.toBe(first.sharedState)
  const made = first.sharedState('module-copies-test', () => ({ made: 'by the first copy' }))
  expect(second.sharedState('module-copies-test', () => ({ made: 'by the second copy' }))).toBe(
    made,
  )
})
