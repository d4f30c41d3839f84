import path from 'node:path'

/** The reason a skipped test's name carries (`test/helpers/skips.ts`, `skipMark`). */
const MARK = /\[skipped: ([^\]]+)\]/
const SLOWEST = 10
const SKIPPED = new Set(['pending', 'skipped', 'todo'])

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

/**
 * Ends every run with what the time went to and what did not run: the slowest spec files with their project, and
 * the skipped tests counted by the reason their name gives (test/README.md, "Skips").
 */
export default class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir
  }

  onRunComplete(_contexts, results) {
    const files = results.testResults
    const lines = [
      '',
      `Jest took ${seconds(Date.now() - results.startTime)}; the slowest of ${files.length} spec files:`,
    ]
    const slowest = [...files]
      .map((file) => ({ ms: file.perfStats.end - file.perfStats.start, file }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST)
    for (const { ms, file } of slowest)
      lines.push(
        `  ${seconds(ms).padStart(8)}  ${(file.displayName?.name ?? '').padEnd(8)}  ${path.relative(this.rootDir, file.testFilePath)}`,
      )
    const reasons = new Map()
    for (const file of files)
      for (const test of file.testResults)
        if (SKIPPED.has(test.status)) {
          const reason = MARK.exec(test.fullName)?.[1] ?? 'no reason given'
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
        }
    const skipped = [...reasons.values()].reduce((sum, count) => sum + count, 0)
    lines.push('', skipped ? `Skipped tests by reason (${skipped}):` : 'No test was skipped.')
    for (const [reason, count] of [...reasons].sort((a, b) => b[1] - a[1]))
      lines.push(`  ${String(count).padStart(5)}  ${reason}`)
    process.stderr.write(`${lines.join('\n')}\n\n`)
  }
}
