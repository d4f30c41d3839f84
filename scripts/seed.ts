/**
 * `npm run seed -- --file F` imports a dataset written by bench/make-dataset.mjs; `npm run seed -- --demo` loads the
 * small demo calendar in three languages. Both are idempotent on each record's `key`.
 */
import { SingleBar } from 'cli-progress'
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

import type { Dataset } from '../src/import/dataset.js'

import { updatePlannerStatistics } from '../src/database.js'
import { importDataset, KINDS } from '../src/import/importDataset.js'
import { resolveOptions } from '../src/options.js'
import { bootPayload } from '../src/server/app.js'

process.env.DISABLE_PAYLOAD_HMR ??= 'true'

const { values } = parseArgs({ options: { demo: { type: 'boolean' }, file: { type: 'string' } } })
const file = values.demo ? path.resolve(import.meta.dirname, '../seed/demo.json') : values.file
if (!file) {
  console.error('usage: npm run seed -- --file <dataset.json> | --demo')
  process.exit(2)
}

const dataset = JSON.parse(fs.readFileSync(file, 'utf8')) as Dataset
const { default: config } = await import('../payload.config.js')
const payload = await bootPayload(await config)
const bar = new SingleBar({
  format: 'importing [{bar}] {percentage}% {value}/{total} records, {duration_formatted}',
  noTTYOutput: true,
  notTTYSchedule: 5000,
  stream: process.stderr,
})
const started = Date.now()
bar.start(KINDS.reduce((sum, kind) => sum + (dataset[kind]?.length ?? 0), 0), 0)
try {
  const summary = await importDataset(payload, resolveOptions({}), dataset, (done) => bar.update(done))
  bar.stop()
  await updatePlannerStatistics(payload)
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
