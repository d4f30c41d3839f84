/**
 * `npm run seed -- --file F` imports a dataset written by bench/make-dataset.mjs; `npm run seed -- --demo` loads the
 * small demo calendar in three languages. Both are idempotent on each record's `key`.
 */
import { SingleBar } from 'cli-progress'
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { getPayload } from 'payload'
import { type CalendarDataset, importCalendarDataset } from 'payload-events-calendar'

process.env.DISABLE_PAYLOAD_HMR ??= 'true'

const { values } = parseArgs({ options: { demo: { type: 'boolean' }, file: { type: 'string' } } })
const file = values.demo ? path.resolve(import.meta.dirname, '../seed/demo.json') : values.file
if (!file) {
  console.error('usage: npm run seed -- --file <dataset.json> | --demo')
  process.exit(2)
}

const dataset = JSON.parse(fs.readFileSync(file, 'utf8')) as CalendarDataset
const { default: config } = await import('../payload.config.js')
const payload = await getPayload({ config })
const bar = new SingleBar({
  format: 'importing [{bar}] {percentage}% {value}/{total} records, {duration_formatted}',
  noTTYOutput: true,
  notTTYSchedule: 5000,
  stream: process.stderr,
})
const started = Date.now()
let barStarted = false
try {
  const summary = await importCalendarDataset(payload, dataset, {
    onProgress: (done, total) => {
      if (barStarted) bar.update(done)
      else bar.start(total, done)
      barStarted = true
    },
  })
  bar.stop()
  console.log(`Imported ${path.basename(file)} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  console.table(summary)
} catch (error) {
  bar.stop()
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await payload.destroy()
}
// The Postgres adapter leaves an idle pool client behind that would keep the process alive.
process.exit()
