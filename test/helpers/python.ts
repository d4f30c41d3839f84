import { execFileSync } from 'node:child_process'

import { testIf } from './skips.js'

/**
 * A python3 that imports `modules` (Debian's `python3-dateutil`, `python3-icalendar`): the first on the PATH, or
 * Debian's own where the PATH's has its own packages; undefined when neither has them.
 */
export function pythonWith(modules: string[]): string | undefined {
  for (const candidate of ['python3', '/usr/bin/python3']) {
    try {
      execFileSync(candidate, ['-c', `import ${modules.join(', ')}`], { stdio: 'ignore' })
      return candidate
    } catch {
      // not this one
    }
  }
  return undefined
}

/** Whether the run is CI's, where a missing tool fails the test instead of skipping it (jest.config.mjs). */
export const inCI = !['', '0', 'false'].includes((process.env.CI ?? '').toLowerCase())

/**
 * `test` for a check that runs a python3 with `modules`, and that python3 (undefined where there is none, so the
 * test is skipped, saying why, except in CI, where the test then fails).
 */
export function withPython(modules: string[]): { python: string | undefined; test: typeof test } {
  const python = pythonWith(modules)
  const debian = modules.map((name) => `python3-${name}`).join(', ')
  return {
    python,
    test: testIf(Boolean(python) || inCI, `python3 with ${debian} is not installed`),
  }
}
