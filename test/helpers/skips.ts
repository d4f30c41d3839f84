/**
 * Tests and groups that run only where something holds, and otherwise are skipped with the reason in their name:
 * `name [skipped: reason]`. The summary reporter (`test/reporters/summary.mjs`) counts the skipped tests of a run
 * by that reason, so no skip goes unexplained.
 */

/** The mark a skipped test's name carries; the summary reporter reads the reason back from it. */
export const skipMark = (reason: string) => `[skipped: ${reason}]`

type Named = (name: string, ...rest: any[]) => unknown
type Each = { each: (...table: any[]) => Named }

/** `runner` (jest's `test` or `describe`) with every name marked with `reason`, and skipped. */
function skippedWith<T extends Named & Each>(skip: T, reason: string): T {
  const marked = (name: string) => `${name} ${skipMark(reason)}`
  const skipped = ((name: string, ...rest: any[]) => skip(marked(name), ...rest)) as T
  skipped.each = (...table: any[]) => {
    const named = skip.each(...table)
    return (name: string, ...rest: any[]) => named(marked(name), ...rest)
  }
  return skipped
}

/** jest's `test` where `runs`; elsewhere each test is skipped, its name saying `reason`. */
export const testIf = (runs: boolean, reason: string): typeof test =>
  runs ? test : skippedWith(test.skip, reason)

/** jest's `describe` where `runs`; elsewhere the group is skipped, its name saying `reason`. */
export const describeIf = (runs: boolean, reason: string): typeof describe =>
  runs ? describe : skippedWith(describe.skip, reason)
