import type { CollectionAfterReadHook } from 'payload'

/**
 * Collection read hooks that change nothing the namespace's SQL reads return: those reads skip write-only fields
 * themselves, and apply the password rules in the routes. A collection with any other read hook is read through
 * the Local API, which runs it.
 */
export const namespaceReadHooks = new WeakSet<CollectionAfterReadHook>()
