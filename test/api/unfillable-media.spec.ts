/**
 * A site whose media collection requires a field the calendar cannot fill (a credit line): an image brought by URL
 * is refused as the `image` parameter, naming that field, and nothing of the write is kept.
 */
import type { AddressInfo } from 'node:net'

import http from 'node:http'

import { usersCollection } from '../../host/users.js'
import { executeRaw } from '../../src/database/adapter.js'
import { PNG } from '../helpers/png.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'

let server: TestServer
let admin: string
let images: http.Server

beforeAll(async () => {
  server = await startTestServer(
    { imageHosts: ['127.0.0.1'] },
    {
      collections: [
        usersCollection,
        {
          slug: 'media',
          access: { read: () => true },
          upload: { staticDir: 'media', mimeTypes: ['image/*'] },
          fields: [
            { name: 'alt', type: 'text', localized: true },
            { name: 'credit', type: 'text', localized: true, required: true },
          ],
        },
      ],
    },
  )
  // The development host's migrations know the calendar's own media collection only (MongoDB has no schema).
  if (server.database.kind !== 'mongo')
    await executeRaw(server.payload.db, 'ALTER TABLE media_locales ADD COLUMN credit text')
  admin = await registerFirstUser(server)
  images = http.createServer((_, res) =>
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
  )
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
})
afterAll(async () => {
  images?.closeAllConnections()
  await new Promise((resolve) => images?.close(resolve))
  await server?.stop()
})

test('an image the media collection cannot take is refused as the image parameter, and nothing is written', async () => {
  const answer = await server.request(`${NS}/events`, {
    token: admin,
    body: {
      title: 'Uncredited',
      start_date: '2027-05-01 10:00',
      end_date: '2027-05-01 11:00',
      venue: { venue: 'Uncredited Hall' },
      image: `http://127.0.0.1:${(images.address() as AddressInfo).port}/photo.png`,
    },
  })
  expect([answer.status, answer.body.code, answer.body.data.params]).toEqual([
    400,
    'rest_invalid_param',
    { image: 'The image cannot be stored: the media collection requires credit.' },
  ])
  const count = async (collection: 'events' | 'media' | 'venues') =>
    (await server.payload.count({ collection })).totalDocs
  expect([await count('events'), await count('venues'), await count('media')]).toEqual([0, 0, 0])
})
