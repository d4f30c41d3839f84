/**
 * A site whose media collection requires alt text, as Payload's website and Postgres templates have it: images a
 * write brings by URL are stored with the title or name of the record they are for (or else their file name) as
 * alt text, instead of every such write being refused. What the calendar cannot fill is told once, at start.
 */
import type { AddressInfo } from 'node:net'
import type { CollectionConfig, Payload } from 'payload'

import http from 'node:http'
import { buildConfig } from 'payload'

import { usersCollection } from '../../host/users.js'
import { hostConfig } from '../../payload.config.js'
import { reportUnfillableMediaFields } from '../../src/media/mediaFields.js'
import { PNG } from '../helpers/png.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'

/** The site's own media collection: alt text required (localized, as the calendar's own). */
const siteMedia = (extra: CollectionConfig['fields'] = []): CollectionConfig => ({
  slug: 'media',
  access: { read: () => true },
  upload: { staticDir: 'media', mimeTypes: ['image/*'] },
  fields: [{ name: 'alt', type: 'text', localized: true, required: true }, ...extra],
})

let server: TestServer
let admin: string
let images: http.Server
let origin: string

beforeAll(async () => {
  server = await startTestServer(
    { imageHosts: ['127.0.0.1'] },
    { collections: [usersCollection, siteMedia()] },
  )
  admin = await registerFirstUser(server)
  images = http.createServer((_, res) =>
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
  )
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(images.address() as AddressInfo).port}`
})
afterAll(async () => {
  images?.closeAllConnections()
  await new Promise((resolve) => images?.close(resolve))
  await server?.stop()
})

const altOf = async (id: number) =>
  (await server.payload.findByID({ collection: 'media', id, locale: 'en' })).alt

test('an image brought by URL takes the title or name of its record as alt text', async () => {
  const event = await server.request(`${NS}/events`, {
    token: admin,
    body: {
      title: 'Lantern Walk',
      start_date: '2027-05-01 10:00',
      end_date: '2027-05-01 11:00',
      image: `${origin}/lanterns.png`,
    },
  })
  expect(event.status).toBe(201)
  expect(await altOf(event.body.image.id)).toBe('Lantern Walk')

  const venue = await server.request(`${NS}/venues`, {
    token: admin,
    body: { venue: 'Lantern Hall', image: `${origin}/hall.png` },
  })
  expect(venue.status).toBe(201)
  expect(await altOf(venue.body.image.id)).toBe('Lantern Hall')

  // An update that names no title: the file name.
  const updated = await server.request(`${NS}/venues/${venue.body.id}`, {
    token: admin,
    body: { image: `${origin}/front-door.png` },
  })
  expect(updated.status).toBe(200)
  expect(await altOf(updated.body.image.id)).toBe('front-door')
})

test('a required field the calendar cannot fill is told once, at start, by name', async () => {
  const config = await buildConfig(
    await hostConfig(
      {},
      {
        collections: [
          usersCollection,
          siteMedia([{ name: 'credit', type: 'text', required: true }]),
        ],
      },
    ),
  )
  const warnings: string[] = []
  const logger = { warn: (message: string) => warnings.push(message) }
  const withCredit = {
    collections: { media: { config: config.collections.find(({ slug }) => slug === 'media') } },
    logger,
  } as unknown as Payload
  reportUnfillableMediaFields(withCredit, 'media')
  expect(warnings).toEqual([expect.stringMatching(/the media collection requires `credit`, which/)])
  // The alt text alone, as in the server above: nothing to tell.
  warnings.length = 0
  reportUnfillableMediaFields(
    { collections: server.payload.collections, logger } as unknown as Payload,
    'media',
  )
  expect(warnings).toEqual([])
})
