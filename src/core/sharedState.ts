/**
 * State of the plugin's modules that must be one per process, whichever copy of those modules asks: a Next.js site
 * bundles its API routes and its pages apart, each with a copy of the plugin, and both serve the one Payload whose
 * adapter and hooks one copy set up. The value is kept on `globalThis` under a registered symbol, made once.
 */
export function sharedState<T>(name: string, make: () => T): T {
  const key = Symbol.for(`payload-events-calendar.${name}`)
  const holder = globalThis as { [key: symbol]: unknown }
  if (!(key in holder)) holder[key] = make()
  return holder[key] as T
}
