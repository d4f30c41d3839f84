import type { Config } from 'payload'

import { lexicalEditor } from '@payloadcms/richtext-lexical'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildConfig } from 'payload'

import { usersCollection } from './collections/users.js'
import { databaseAdapter } from './src/database.js'
import { unavailableAfterError } from './src/databaseErrors.js'
import { eventsCalendarPlugin, type EventsCalendarOptions } from './src/index.js'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/** The development host; tests build variants of it with other plugin options or host settings. */
export async function hostConfig(
  calendar: EventsCalendarOptions = {},
  overrides: Partial<Config> = {},
): Promise<Config> {
  return {
    secret: process.env.PAYLOAD_SECRET || 'development-secret-change-me',
    serverURL: process.env.SERVER_URL || `http://localhost:${process.env.PORT || 3000}`,
    admin: { user: usersCollection.slug, avatar: 'default', importMap: { baseDir: dirname } },
    collections: [usersCollection],
    editor: lexicalEditor(),
    db: await databaseAdapter(process.env.DATABASE_URI),
    graphQL: { disable: true },
    hooks: { afterError: [unavailableAfterError] },
    plugins: [
      eventsCalendarPlugin({
        timezone: process.env.CALENDAR_TIMEZONE || 'UTC',
        imageHosts: (process.env.CALENDAR_IMAGE_HOSTS ?? '').split(',').filter(Boolean),
        ...calendar,
      }),
    ],
    typescript: { outputFile: path.resolve(dirname, 'payload-types.ts'), autoGenerate: false },
    telemetry: false,
    ...overrides,
  }
}

export default buildConfig(await hostConfig())
