/**
 * `npm run import:tec -- --url https://old-site.example [--languages en,zh-hans,zh-hant] [--since DATE]
 * [--concurrency N] [--dry-run]` imports a whole site of The Events Calendar (or of this project) through its
 * public API into the development host's database; run it again to bring changes over.
 */
import { MultiBar, Presets } from 'cli-progress'
import { parseArgs } from 'node:util'
import { getPayload } from 'payload'
import { importTecSite } from 'payload-events-calendar'

process.env.DISABLE_PAYLOAD_HMR ??= 'true'

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    languages: { type: 'string' },
    since: { type: 'string' },
    concurrency: { type: 'string', default: '1' },
    'dry-run': { type: 'boolean', default: false },
  },
})
const concurrency = Number(values.concurrency)
if (!values.url || !Number.isInteger(concurrency) || concurrency < 1) {
  console.error(
    'usage: npm run import:tec -- --url <site> [--languages en,zh-hans] [--since DATE] [--concurrency N] [--dry-run]',
  )
  process.exit(2)
}

const { default: config } = await import('../payload.config.js')
const payload = await getPayload({ config })
const bars = new MultiBar(
  {
    format: '{resource} [{bar}] {value}/{total}',
    hideCursor: true,
    noTTYOutput: true,
    notTTYSchedule: 5000,
    stream: process.stderr,
  },
  Presets.legacy,
)
const progress = new Map<string, ReturnType<MultiBar['create']>>()
let read = 0
const started = Date.now()
try {
  const result = await importTecSite(payload, {
    url: values.url,
    languages: values.languages
      ?.split(',')
      .map((language) => language.trim())
      .filter(Boolean),
    since: values.since,
    concurrency,
    dryRun: values['dry-run'],
    onStart: ({ languages, chosen, skipped }) => {
      const list = languages.join(', ')
      if (chosen === 'given') console.log(`Languages: ${list}`)
      else if (chosen === 'declared')
        console.log(
          `Languages: ${list}, every language the site serves that is a locale here` +
            (skipped.length ? ` (not ${skipped.join(', ')}, which are not)` : '') +
            '; choose others with --languages',
        )
      else
        console.log(
          `Languages: the site does not say which it serves, so its default language is read into ${list}; ` +
            'ask for others with --languages (codes as the site knows them, each a locale here), e.g. --languages en,zh-hant',
        )
    },
    onRead: () => {
      if (++read % 500 === 0) console.error(`read ${read} records`)
    },
    onProgress: (resource, done, total) => {
      const bar = progress.get(resource) ?? bars.create(total, 0, { resource: resource.padEnd(10) })
      progress.set(resource, bar)
      bar.update(done)
    },
  })
  bars.stop()
  console.log(
    `${values['dry-run'] ? 'Would import' : 'Imported'} ${result.namespace} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  console.table(result.counts)
  for (const failure of result.failures)
    console.log(`${failure.resource} ${failure.url}: ${failure.message}`)
  if (Object.values(result.counts).some((counts) => counts.failed)) process.exitCode = 1
} catch (error) {
  bars.stop()
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await payload.destroy()
}
// The Postgres adapter leaves an idle pool client behind that would keep the process alive.
process.exit()
