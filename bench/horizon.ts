/**
 * `npm run bench:horizon -- --db <DATABASE_URI>`: on a database the benchmark imported (`--series`), the time of
 * one run of the job that moves recurring events forward, with the horizon a month further than at the import,
 * and how many occurrences it added. Run it on a copy: it writes. See docs/performance.md#recurring-events-2026-11-27.
 */
import { parseArgs } from 'node:util'
import { buildConfig, getPayload } from 'payload'

const { values } = parseArgs({ options: { db: { type: 'string' } } })
if (!values.db) throw new Error('usage: npm run bench:horizon -- --db <DATABASE_URI>')
process.env.DATABASE_URI = values.db
process.env.DISABLE_PAYLOAD_HMR ??= 'true'

const { hostConfig } = await import('../payload.config.js')
const config = await buildConfig(
  await hostConfig({ recurrence: { horizonMonths: 61, autoRun: false } }),
)
const payload = await getPayload({ config })
const occurrences = async () =>
  (await payload.count({ collection: 'event-occurrences', overrideAccess: true })).totalDocs
const before = await occurrences()
const started = performance.now()
const job = (await payload.jobs.queue({
  task: 'calendarExtendOccurrences' as never,
  queue: 'calendar',
  input: {} as never,
})) as { id: number | string }
const result = await payload.jobs.runByID({ id: job.id })
const seconds = (performance.now() - started) / 1000
console.log(
  `horizon job: ${result.jobStatus?.[job.id]?.status}, ${seconds.toFixed(1)} s, ` +
    `${(await occurrences()) - before} occurrences added (${before} before)`,
)
await payload.destroy()
process.exit(0)
