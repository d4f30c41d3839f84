import type { Field, SanitizedConfig } from 'payload'

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { buildConfig } from 'payload'

import { hostConfig } from '../../payload.config.js'
import { calendarTranslations } from '../../src/core/adminMessages.js'
import { resolveOptions } from '../../src/core/options.js'
import { rawTablesOf } from '../../src/database/adapter.js'
import { withCalendarSafeguards } from '../../src/database/safeguards.js'
import { testOnSql } from '../helpers/database.js'
import { ROOT } from '../helpers/run.js'
import { startTestServer } from '../helpers/server.js'

/** Every stored field path of every collection: what the database schema is made of. */
const schemaOf = (config: SanitizedConfig) =>
  Object.fromEntries(
    config.collections.map((collection) => {
      const paths: string[] = []
      const walk = (fields: Field[], prefix: string) => {
        for (const field of fields) {
          if ('fields' in field && !('name' in field)) walk(field.fields, prefix)
          // Virtual and UI fields have no column.
          else if (
            'name' in field &&
            field.type !== 'ui' &&
            !('virtual' in field && field.virtual)
          ) {
            paths.push(`${prefix}${field.name}:${field.type}`)
          }
        }
      }
      walk(collection.fields, '')
      return [collection.slug, paths.sort()]
    }),
  )

describe('the plugin', () => {
  test('adds zh-hans, zh-hant and en (default en) when the host has no localization', async () => {
    const config = await buildConfig(await hostConfig())
    expect(config.localization && config.localization.localeCodes).toEqual([
      'zh-hans',
      'zh-hant',
      'en',
    ])
    expect(config.localization && config.localization.defaultLocale).toBe('en')
    expect(Object.keys(config.i18n.supportedLanguages).sort()).toEqual(['en', 'zh', 'zh-TW'])
  })

  test("uses the host's own localization when it has one", async () => {
    const config = await buildConfig(
      await hostConfig({}, { localization: { locales: ['en', 'fr'], defaultLocale: 'fr' } }),
    )
    expect(config.localization && config.localization.localeCodes).toEqual(['en', 'fr'])
    const events = config.collections.find((collection) => collection.slug === 'events')!
    expect(events.flattenedFields.find((field) => field.name === 'title')).toMatchObject({
      localized: true,
    })
  })

  test('has every message in the three admin languages', () => {
    const keysOf = (language: keyof typeof calendarTranslations) =>
      Object.keys(calendarTranslations[language].calendar).sort()
    expect(keysOf('zh')).toEqual(keysOf('en'))
    expect(keysOf('zh-TW')).toEqual(keysOf('en'))
  })

  test('renames its collections with the slugs option', async () => {
    const config = await buildConfig(
      await hostConfig({ slugs: { events: 'happenings', tags: 'labels' } }),
    )
    const slugs = config.collections.map((collection) => collection.slug)
    expect(slugs).toEqual(expect.arrayContaining(['happenings', 'labels', 'venues']))
    expect(slugs).not.toContain('events')
  })

  test('disabled keeps the same schema, so the same migrations serve it, and leaves the adapter as it was', async () => {
    const enabled = await buildConfig(await hostConfig())
    const disabled = await buildConfig(await hostConfig({ disabled: true }))
    expect(schemaOf(disabled)).toEqual(schemaOf(enabled))
    const calendarPaths = (config: SanitizedConfig) =>
      config.endpoints.filter((endpoint) => endpoint.path.startsWith('/calendar/events/v1')).length
    expect(calendarPaths(enabled)).toBeGreaterThan(0)
    expect(calendarPaths(disabled)).toBe(0)

    const server = await startTestServer({ disabled: true })
    try {
      const venue = await server.payload.create({
        collection: 'venues',
        data: { name: 'Still here', status: 'publish' },
      })
      expect(venue.slug).toBe('still-here')
      expect((await server.request('/api/calendar/events/v1/events')).status).toBe(404)
      expect((await server.request('/api/venues')).status).toBe(200)

      // The adapter runs as the site configured it; only the indexes join the schema.
      const { databaseAdapter } = await import('../../host/database.js')
      const plain = (await databaseAdapter(server.database.uri)).init({ payload: server.payload })
      const enabled = withCalendarSafeguards(
        await databaseAdapter(server.database.uri),
        resolveOptions({}),
        ['events'],
      ).init({ payload: server.payload })
      const settings = (adapter: object) => {
        const db = adapter as Record<string, unknown>
        return {
          beginTransaction: String(db.beginTransaction),
          commitTransaction: String(db.commitTransaction),
          connect: String(db.connect),
          updateOne: String(db.updateOne),
          pg: db.pg,
          poolOptions: db.poolOptions,
          busyTimeout: db.busyTimeout,
          transactionOptions: db.transactionOptions,
          allowIDOnCreate: db.allowIDOnCreate,
        }
      }
      const differences = (adapter: object) => {
        const ours: Record<string, unknown> = settings(adapter)
        const theirs: Record<string, unknown> = settings(plain)
        return Object.keys(ours).filter((key) => !isDeepStrictEqual(ours[key], theirs[key]))
      }
      const mongo = server.database.kind === 'mongo'
      // Payload's MongoDB adapter turns transactions off as it connects to a server that is no replica set.
      const changedByConnect = mongo ? ['beginTransaction', 'transactionOptions'] : []
      // On MongoDB the calendar's records keep their numbers (`recordIds.ts`) whether the namespace is on or off.
      expect(
        differences(server.payload.db).filter((key) => !changedByConnect.includes(key)),
      ).toEqual(mongo ? ['allowIDOnCreate'] : [])
      // What the plugin does when enabled is seen by the same comparison.
      expect(differences(enabled)).toEqual(
        {
          postgres: ['beginTransaction', 'commitTransaction', 'connect', 'pg', 'poolOptions'],
          sqlite: [
            'beginTransaction',
            'commitTransaction',
            'connect',
            'busyTimeout',
            'transactionOptions',
          ],
          mongo: ['connect', 'updateOne', 'allowIDOnCreate'],
        }[server.database.kind],
      )
      if (!mongo)
        expect(
          Object.keys(rawTablesOf(server.payload.db, 'events')?.main?.indexes ?? {}),
        ).toContain('events_id_list_idx')
    } finally {
      await server.stop()
    }
  })

  // The committed types are those of the SQL adapters, whose ids are numbers; MongoDB's are strings.
  testOnSql()('the committed payload-types.ts matches the config', async () => {
    const { generateTypes } = await import('payload/node')
    const output = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-types-')),
      'payload-types.ts',
    )
    const config = await buildConfig(await hostConfig())
    process.env.PAYLOAD_TS_OUTPUT_PATH = output
    try {
      await generateTypes(config, { log: false })
    } finally {
      delete process.env.PAYLOAD_TS_OUTPUT_PATH
    }
    expect(fs.readFileSync(output, 'utf8')).toBe(
      fs.readFileSync(path.join(ROOT, 'payload-types.ts'), 'utf8'),
    )
  })
})
