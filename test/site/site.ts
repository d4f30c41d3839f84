/**
 * A Payload site made the way Payload's templates and its "install into an existing Next.js app" guide make one
 * (Next.js app router, `src/payload.config.ts` with the Postgres adapter and a users collection, `withPayload`,
 * the `(payload)` routes), with the calendar installed from the packed package exactly as the README says.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

import { freePort, stopChild } from '../helpers/processes.js'
import { checkBuiltPackage } from '../helpers/run.js'
import { versionOf, type Versions } from './versions.js'

export const ROOT = path.resolve(import.meta.dirname, '../..')

const exec = promisify(execFile)

/** The site's packages at the versions asked for. */
const pinned = (versions: Versions, ...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, versionOf(name, versions)]))

const packageJson = (tarball: string, versions: Versions) => ({
  name: 'calendar-site',
  version: '1.0.0',
  private: true,
  type: 'module',
  scripts: {
    build: 'next build',
    dev: 'next dev',
    start: 'next start',
    payload: 'payload',
    'generate:importmap': 'payload generate:importmap',
    'generate:types': 'payload generate:types',
  },
  dependencies: {
    ...pinned(
      versions,
      '@payloadcms/db-postgres',
      '@payloadcms/next',
      '@payloadcms/richtext-lexical',
      '@payloadcms/ui',
    ),
    ...pinned(versions, 'graphql', 'next', 'payload', 'react', 'react-dom'),
    'payload-events-calendar': `file:${tarball}`,
  },
  devDependencies: {
    ...pinned(versions, '@types/react', '@types/react-dom', 'typescript'),
    '@types/node': '^20',
  },
})

const tsconfig = {
  compilerOptions: {
    baseUrl: '.',
    lib: ['DOM', 'DOM.Iterable', 'ES2022'],
    allowJs: true,
    skipLibCheck: true,
    strict: true,
    noEmit: true,
    esModuleInterop: true,
    module: 'esnext',
    moduleResolution: 'bundler',
    resolveJsonModule: true,
    isolatedModules: true,
    jsx: 'react-jsx',
    incremental: true,
    plugins: [{ name: 'next' }],
    paths: { '@payload-config': ['./src/payload.config.ts'] },
    target: 'ES2022',
  },
  include: [
    'next-env.d.ts',
    '**/*.ts',
    '**/*.tsx',
    '.next/types/**/*.ts',
    '.next/dev/types/**/*.ts',
  ],
  exclude: ['node_modules'],
}

/** The zone the site's calendar is configured with, as the README's example. */
export const SITE_TIMEZONE = 'Asia/Hong_Kong'

/** The site's own files; the `(payload)` app routes are this repository's own, which are Payload's standard ones. */
const files: Record<string, string> = {
  'next.config.mjs': `import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {}

export default withPayload(nextConfig, { devBundleServerPackages: false })
`,
  'src/payload.config.ts': `import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import path from 'path'
import { buildConfig } from 'payload'
import { eventsCalendarPlugin } from 'payload-events-calendar'
import { fileURLToPath } from 'url'

import { Media } from './collections/Media'
import { Pages } from './collections/Pages'
import { Users } from './collections/Users'

const dirname = path.dirname(fileURLToPath(import.meta.url))

export default buildConfig({
  admin: { user: Users.slug, importMap: { baseDir: path.resolve(dirname) } },
  collections: [Users, Media, Pages],
  editor: lexicalEditor(),
  secret: process.env.PAYLOAD_SECRET || '',
  serverURL: process.env.SERVER_URL,
  typescript: { outputFile: path.resolve(dirname, 'payload-types.ts') },
  db: postgresAdapter({ pool: { connectionString: process.env.DATABASE_URI || '' } }),
  plugins: [eventsCalendarPlugin({ timezone: '${SITE_TIMEZONE}', imageHosts: ['127.0.0.1'] })],
})
`,
  'src/collections/Users.ts': `import type { CollectionConfig } from 'payload'

export const Users: CollectionConfig = {
  slug: 'users',
  admin: { useAsTitle: 'email' },
  auth: true,
  fields: [],
}
`,
  // As Payload's blank and Postgres templates have it: the alt text is required.
  'src/collections/Media.ts': `import type { CollectionConfig } from 'payload'

export const Media: CollectionConfig = {
  slug: 'media',
  access: { read: () => true },
  fields: [{ name: 'alt', type: 'text', required: true }],
  upload: true,
}
`,
  'src/collections/Pages.ts': `import type { CollectionConfig } from 'payload'

export const Pages: CollectionConfig = {
  slug: 'pages',
  admin: { useAsTitle: 'title' },
  access: { read: () => true },
  fields: [{ name: 'title', type: 'text', required: true }],
}
`,
  'src/seed.ts': `import config from '@payload-config'
import fs from 'fs'
import { getPayload } from 'payload'
import { importCalendarDataset } from 'payload-events-calendar'

const payload = await getPayload({ config })
console.table(await importCalendarDataset(payload, JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))))
process.exit(0)
`,
  'src/app/(frontend)/layout.tsx': `import React from 'react'

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
`,
  'src/app/(frontend)/page.tsx': `export default function HomePage() {
  return <h1>Welcome to the site</h1>
}
`,
  // The README's page file and sitemap.
  'src/app/(frontend)/calendar-pages/[[...path]]/page.tsx': `import config from '@payload-config'
import { createCalendarPages } from 'payload-events-calendar/views'
import 'payload-events-calendar/views.css'

const { CalendarPage, generateMetadata } = createCalendarPages({ config })

export default CalendarPage
export { generateMetadata }
`,
  'src/app/sitemap.ts': `import config from '@payload-config'
import { calendarSitemap } from 'payload-events-calendar/views'

export const dynamic = 'force-dynamic'

export default function sitemap() {
  return calendarSitemap(config)
}
`,
}

/** The README's proxy line: Next.js 16 runs `src/proxy.ts`, Next.js 15 `src/middleware.ts`. */
const proxyFile = (next: string): [string, string] =>
  Number(next.split('.')[0]) >= 16
    ? ['src/proxy.ts', "export { calendarProxy as proxy } from 'payload-events-calendar/next'\n"]
    : [
        'src/middleware.ts',
        "export { calendarProxy as middleware } from 'payload-events-calendar/next'\n",
      ]

/** Copies this repository's `(payload)` app routes, without its generated import map. */
function copyPayloadRoutes(dir: string) {
  const from = path.join(ROOT, 'app', '(payload)')
  const to = path.join(dir, 'src', 'app', '(payload)')
  fs.cpSync(from, to, {
    recursive: true,
    filter: (source) => path.basename(source) !== 'importMap.js',
  })
  fs.writeFileSync(path.join(to, 'admin', 'importMap.js'), 'export const importMap = {}\n')
}

/** Environment variables; NODE_ENV stays unset, as in a site owner's shell (Next.js's types insist on one). */
type Env = Record<string, string | undefined>
const processEnv = (env: Env) => env as unknown as NodeJS.ProcessEnv

export type SiteProcess = {
  url: string
  pid: number
  output: () => string
  stop: () => Promise<void>
}

export type Site = {
  dir: string
  env: Env
  /** Runs a command of the site's own tools (a bin of its node_modules) on `env`, failing with its output. */
  run: (bin: string, args: string[], timeoutMs?: number) => Promise<string>
  /** `next start` (or `next dev`) on a free loopback port, stopped by its own pid. */
  serve: (mode: 'dev' | 'start') => Promise<SiteProcess>
}

const BINS: Record<string, string> = { next: 'next/dist/bin/next', payload: 'payload/bin.js' }

/**
 * On Node 20 Payload's command line exits silently, with nothing done, in about one run of three: Lexical's default
 * entry loads itself with a top-level await that Node 20 may never settle. Its production entry has none (the README
 * tells site owners so).
 */
const NODE_OPTIONS_OF: Record<string, string> = {
  next: '--no-deprecation',
  payload: '--no-deprecation --conditions=production',
}

/**
 * Packs this repository as npm would publish it and returns the tarball's path. It packs the `dist/` that
 * `npm test` built, without the `prepack` build: rebuilding would empty `dist/` under the tests running beside
 * this one.
 */
export async function packPlugin(destination: string): Promise<string> {
  checkBuiltPackage()
  fs.mkdirSync(destination, { recursive: true })
  const args = ['pack', '--ignore-scripts', '--silent', '--pack-destination', destination]
  const { stdout } = await exec('npm', args, {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
    timeout: 5 * 60_000,
  })
  return path.join(destination, stdout.trim().split('\n').at(-1)!)
}

/**
 * Writes the site into `dir` (emptied first), installs its packages at the `versions` asked for (the packed plugin
 * among them, with a plain `npm install`: no `--legacy-peer-deps`) and generates its import map and its first
 * migration (`payload migrate:create`, against `databaseUri`). Nothing is migrated or built yet:
 * `run('payload', ['migrate'])`, `run('next', ['build'])`.
 */
export async function createSite(
  dir: string,
  tarball: string,
  databaseUri: string,
  versions: Versions = 'newest',
): Promise<Site> {
  fs.rmSync(dir, { force: true, recursive: true })
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify(packageJson(tarball, versions), null, 2)}\n`,
  )
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`)
  const [proxyPath, proxyText] = proxyFile(versionOf('next', versions))
  for (const [file, text] of Object.entries({ ...files, [proxyPath]: proxyText })) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), text)
  }
  copyPayloadRoutes(dir)

  // The site's tools run as a site owner's would: no settings of this repository's own scripts or test runner.
  const { DISABLE_PAYLOAD_HMR, NODE_ENV, NODE_OPTIONS, PAYLOAD_CONFIG_PATH, ...inherited } =
    process.env
  const env: Env = {
    ...inherited,
    DATABASE_URI: databaseUri,
    PAYLOAD_SECRET: 'a-site-secret-for-the-test',
    NEXT_TELEMETRY_DISABLED: '1',
    NODE_OPTIONS: '--no-deprecation',
  }

  const run: Site['run'] = async (bin, args, timeoutMs = 10 * 60_000) => {
    try {
      const { stdout, stderr } = await exec(
        process.execPath,
        [path.join(dir, 'node_modules', BINS[bin]), ...args],
        {
          cwd: dir,
          env: processEnv({ ...env, NODE_OPTIONS: NODE_OPTIONS_OF[bin] }),
          maxBuffer: 64 * 1024 * 1024,
          timeout: timeoutMs,
        },
      )
      return `${stdout}${stderr}`
    } catch (error) {
      const { stderr = '', stdout = '' } = error as { stderr?: string; stdout?: string }
      throw new Error(`${bin} ${args.join(' ')} failed:\n${stdout}\n${stderr}`)
    }
  }

  await exec(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    {
      cwd: dir,
      env: processEnv(inherited),
      maxBuffer: 64 * 1024 * 1024,
      timeout: 15 * 60_000,
    },
  )
  await run('payload', ['generate:importmap'])
  await run('payload', ['migrate:create', 'initial', '--force-accept-warning'])

  const serve: Site['serve'] = async (mode) => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const child: ChildProcess = spawn(
      process.execPath,
      [
        path.join(dir, 'node_modules', BINS.next),
        mode,
        '--hostname',
        '127.0.0.1',
        '--port',
        String(port),
      ],
      { cwd: dir, env: processEnv({ ...env, SERVER_URL: url }), stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let output = ''
    child.stdout!.on('data', (chunk) => (output += chunk))
    child.stderr!.on('data', (chunk) => (output += chunk))
    const deadline = Date.now() + 3 * 60_000
    while (!/Ready in|✓ Ready/.test(output)) {
      if (child.exitCode !== null)
        throw new Error(`next ${mode} exited (${child.exitCode}):\n${output}`)
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error(`next ${mode} was not ready within 3 minutes:\n${output}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    return {
      url,
      pid: child.pid!,
      output: () => output,
      stop: () => stopChild(child),
    }
  }

  return { dir, env, run, serve }
}
