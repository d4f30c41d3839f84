import type { CollectionAfterReadHook } from 'payload'

/**
 * Marks the collection read hooks that change nothing the namespace's SQL reads return: those reads skip write-only
 * fields themselves, and apply the password rules in the routes. A collection with any other read hook is read
 * through the Local API, which runs it.
 *
 * The mark is a property of the hook under a registered symbol, not an entry of a module's set: a Next.js site
 * bundles its API routes and its pages apart, each with a copy of this module, and the hooks of the config are
 * made by whichever copy built it first. A set held by one copy would send the other's reads through the Local API.
 */
const NAMESPACE_READ_HOOK = Symbol.for('payload-events-calendar.namespaceReadHook')

type Marked = CollectionAfterReadHook & { [NAMESPACE_READ_HOOK]?: true }

export function markNamespaceReadHook<T extends CollectionAfterReadHook>(hook: T): T {
  ;(hook as Marked)[NAMESPACE_READ_HOOK] = true
  return hook
}

export const isNamespaceReadHook = (hook: CollectionAfterReadHook): boolean =>
  (hook as Marked)[NAMESPACE_READ_HOOK] === true
