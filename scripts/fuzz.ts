/**
 * `npm run fuzz -- [--runs N] [--seed S] [--db sqlite|postgres] [--route TEXT] [--path P]`: a long fuzzing campaign
 * against the test host on a fresh database, with the generators and checks of test/security/hostile-input.spec.ts.
 * Prints the requests tried per route and every failure with what reproduces it. `FUZZ_RUNS` and `FUZZ_SEED` work
 * too.
 */
import { parseArgs } from 'node:util'

import { DEFAULT_LOCALES } from '../src/core/constants.js'
import { fuzz, type FuzzReport } from '../test/fuzz/campaign.js'
import { casesFor, fuzzTargets, strayCases } from '../test/fuzz/requests.js'
import { startFuzzServer } from '../test/fuzz/server.js'

process.env.DISABLE_PAYLOAD_HMR ??= 'true'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: process.env.FUZZ_RUNS ?? '500' },
    seed: { type: 'string', default: process.env.FUZZ_SEED ?? String(Date.now() % 1_000_000_000) },
    db: { type: 'string', default: 'sqlite' },
    route: { type: 'string' },
    path: { type: 'string' },
  },
})
const runs = Number(values.runs)
const seed = Number(values.seed)
if (!(runs > 0) || !Number.isInteger(seed) || !['sqlite', 'postgres'].includes(values.db)) {
  console.error(
    'usage: npm run fuzz -- [--runs N] [--seed S] [--db sqlite|postgres] [--route TEXT] [--path P]',
  )
  process.exit(2)
}

// The test helpers create a fresh database of the kind jest's project would name.
;(globalThis as Record<string, unknown>).TEST_DATABASE =
  values.db === 'postgres'
    ? {
        kind: 'postgres',
        uri: process.env.TEST_POSTGRES_URI ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      }
    : { kind: 'sqlite' }

const OPTIONS = { timezone: 'America/New_York' }
const { server, ctx, fixture } = await startFuzzServer(OPTIONS)
// An interrupted campaign still drops its database.
const interrupt = () => void server.stop().finally(() => process.exit(130))
process.once('SIGINT', interrupt).once('SIGTERM', interrupt)
const all = [
  ...fuzzTargets(OPTIONS, [...DEFAULT_LOCALES]).map((target) => ({
    name: target.name,
    requests: casesFor(target, fixture),
  })),
  { name: 'stray', requests: strayCases() },
]
// `--route` names one route exactly (as printed), or picks every route containing the text.
const route = values.route
const campaigns = route
  ? all.filter((c) =>
      all.some((d) => d.name === route) ? c.name === route : c.name.includes(route),
    )
  : all

console.log(`fuzzing ${campaigns.length} routes on ${values.db}, ${runs} runs each, seed ${seed}`)
const started = Date.now()
const reports: FuzzReport[] = []
try {
  for (const campaign of campaigns) {
    const report = await fuzz(ctx, campaign.name, campaign.requests, {
      runs,
      seed,
      path: values.path,
    })
    reports.push(report)
    const statuses = Object.entries(report.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ')
    console.log(
      `${report.failure ? 'FAIL' : 'ok  '} ${campaign.name.padEnd(32)} ${String(report.cases).padStart(6)} requests  ${statuses}`,
    )
  }
} finally {
  await server.stop()
}

const failures = reports.filter((report) => report.failure)
const total = reports.reduce((sum, report) => sum + report.cases, 0)
console.log(
  `\n${total} requests in ${((Date.now() - started) / 1000).toFixed(0)} s, ${failures.length} failing routes`,
)
for (const { name, failure } of failures) {
  console.log(`\n${name}\n  ${failure!.request}\n  ${failure!.problems.replace(/\n/g, '\n  ')}`)
  console.log(
    `  reproduce: npm run fuzz -- --db ${values.db} --seed ${seed} --route '${name}' --path '${failure!.path}'`,
  )
}
process.exit(failures.length ? 1 : 0)
