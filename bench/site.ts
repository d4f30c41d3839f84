import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'

import { createSite, packPlugin, type Site } from '../test/site/site.js'
import { BARE_ROUTE_FILE } from './pages.js'
import {
  type DatasetArgs,
  datasetKey,
  postgresCopy,
  type Prepared,
  ROOT,
  writeDataset,
} from './database.js'

const WORK = path.join(ROOT, 'bench-results', 'site')

/** A hash of the schema the site's migrations build: an import made for another schema is not reused. */
function schemaHash(site: Site): string {
  const dir = path.join(site.dir, 'src', 'migrations')
  const snapshots = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
  const hash = createHash('sha1')
  for (const file of snapshots) {
    // Each snapshot names itself and its predecessor with random ids; the rest is the schema.
    const { id, prevId, ...schema } = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))
    hash.update(JSON.stringify(schema))
  }
  return hash.digest('hex').slice(0, 8)
}

/**
 * The generated Payload site (test/site) with the packed plugin, built by `next build`, on a Postgres copy of the
 * dataset imported through the site's own seed script (`payload run`), kept per dataset and schema.
 */
export async function benchSite(
  args: DatasetArgs,
  fresh: boolean,
  adminUri: string,
): Promise<{ site: Site; database: Prepared }> {
  const admin = new pg.Client({ connectionString: adminUri })
  await admin.connect()
  const scratch = `bench_site_scratch_${process.pid}`
  await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${scratch}`)
  const uriOf = (name: string) =>
    Object.assign(new URL(adminUri), { pathname: `/${name}` }).toString()
  try {
    const tarball = await packPlugin(path.join(WORK, 'pack'))
    const site = await createSite(path.join(WORK, 'app'), tarball, uriOf(scratch))
    const [bareFile, bareRoute] = BARE_ROUTE_FILE
    fs.mkdirSync(path.dirname(path.join(site.dir, bareFile)), { recursive: true })
    fs.writeFileSync(path.join(site.dir, bareFile), bareRoute)
    const cache = `bench_site_${datasetKey(args).replaceAll('-', '_')}_${schemaHash(site)}`
    const database = await postgresCopy(cache, fresh, adminUri, async (uri) => {
      site.env.DATABASE_URI = uri
      await site.run('payload', ['migrate'])
      const file = await writeDataset(args)
      const started = performance.now()
      await site.run('payload', ['run', 'src/seed.ts', file], 60 * 60_000)
      const seconds = (performance.now() - started) / 1000
      fs.rmSync(file)
      return { seconds, eventsPerSecond: args.events / seconds }
    })
    site.env.DATABASE_URI = database.uri
    await site.run('next', ['build'], 15 * 60_000)
    return { site, database }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`)
    await admin.end()
  }
}
