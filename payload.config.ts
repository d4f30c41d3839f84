import type { Config, Migration } from 'payload'

import { lexicalEditor } from '@payloadcms/richtext-lexical'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildConfig } from 'payload'
import { eventsCalendarPlugin, type EventsCalendarOptions } from 'payload-events-calendar'

import { databaseAdapter } from './host/database.js'
import { mediaStorage } from './host/mediaStorage.js'
import { checkPayloadVersions } from './host/payloadVersions.js'
import { usersCollection } from './host/users.js'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/**
 * The secret that signs logins. Outside production a fixed one is fine; a production server with a secret everyone
 * can read in this repository would accept tokens anyone could make, so it refuses to start without its own.
 */
function secret(): string {
  if (process.env.PAYLOAD_SECRET) return process.env.PAYLOAD_SECRET
  if (process.env.NODE_ENV === 'production') {
    throw new Error(
      'PAYLOAD_SECRET is not set: a production server needs a secret of its own to sign logins (a long random string)',
    )
  }
  return 'development-secret-change-me'
}

/**
 * The addresses `npm start` serves and prints (`HOST`, and `localhost`, on `PORT`): the admin opened at any of them
 * may sign in and call the API with its cookie, which Payload's CSRF check allows from the listed origins only.
 */
function ownAddresses(): string[] {
  const port = process.env.PORT || 3000
  const hosts = new Set([process.env.HOST || '127.0.0.1', 'localhost'])
  return [...hosts].map((host) => `http://${host}:${port}`)
}

/**
 * The development host: a Payload site with the calendar plugin, as any site adds it. Tests build variants of it
 * with other plugin options or host settings.
 */
export async function hostConfig(
  calendar: EventsCalendarOptions = {},
  overrides: Partial<Config> = {},
): Promise<Config> {
  return {
    secret: secret(),
    serverURL: process.env.SERVER_URL || `http://localhost:${process.env.PORT || 3000}`,
    csrf: ownAddresses(),
    admin: { user: usersCollection.slug, avatar: 'default', importMap: { baseDir: dirname } },
    collections: [usersCollection],
    editor: lexicalEditor(),
    db: await databaseAdapter(process.env.DATABASE_URI, process.env.DATABASE_REPLICA_URIS),
    graphQL: { disable: true },
    // The SQL adapters migrate by themselves in production only; elsewhere the host does, before the plugin starts.
    // Outside production, also the check of Payload's package versions that Payload itself runs there.
    onInit: async (payload) => {
      if (process.env.NODE_ENV === 'production') return
      await checkPayloadVersions()
      const migrations = (payload.db as { prodMigrations?: Migration[] }).prodMigrations
      if (migrations) await payload.db.migrate({ migrations })
    },
    plugins: [
      eventsCalendarPlugin({
        timezone: process.env.CALENDAR_TIMEZONE || 'UTC',
        imageHosts: (process.env.CALENDAR_IMAGE_HOSTS ?? '').split(',').filter(Boolean),
        ...calendar,
        pages: { preview: '/calendar-preview', ...calendar.pages },
      }),
      mediaStorage(calendar.slugs?.media ?? 'media'),
    ],
    typescript: { outputFile: path.resolve(dirname, 'payload-types.ts'), autoGenerate: false },
    telemetry: false,
    ...overrides,
  }
}

export default buildConfig(await hostConfig())
