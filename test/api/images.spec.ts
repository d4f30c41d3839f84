import type { AddressInfo } from 'node:net'

import http from 'node:http'
import { createLocalReq } from 'payload'

import { ImageImportError, importImage } from '../../src/media/importImage.js'
import { PNG } from '../helpers/png.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'
let server: TestServer
let admin: string
let images: http.Server
let origin: string

/** The image host of the tests, on loopback: real images, redirects, lies and stalls. */
function startImageHost(): Promise<http.Server> {
  const host = http.createServer((req, res) => {
    const port = (host.address() as AddressInfo).port
    if (req.url === '/photo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
    else if (req.url === '/moved') res.writeHead(302, { location: '/photo.png' }).end()
    else if (req.url === '/elsewhere')
      res.writeHead(302, { location: `http://localhost:${port}/photo.png` }).end()
    else if (req.url === '/page')
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>')
    else if (req.url === '/liar.png')
      res.writeHead(200, { 'content-type': 'image/png' }).end('<html></html>')
    else if (req.url === '/huge.png') {
      res.writeHead(200, { 'content-type': 'image/png' })
      res.end(Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]))
    } else if (req.url === '/stall.png')
      res.writeHead(200, { 'content-type': 'image/png' }).write(PNG.subarray(0, 8))
    else res.writeHead(404).end()
  })
  return new Promise((resolve) => host.listen(0, '127.0.0.1', () => resolve(host)))
}

beforeAll(async () => {
  server = await startTestServer({ imageHosts: ['127.0.0.1'] })
  admin = await registerFirstUser(server)
  images = await startImageHost()
  origin = `http://127.0.0.1:${(images.address() as AddressInfo).port}`
})
afterAll(async () => {
  images?.closeAllConnections()
  await new Promise((resolve) => images?.close(resolve))
  await server?.stop()
})

const event = (image: unknown) => ({
  title: 'With image',
  start_date: '2027-05-01 10:00',
  end_date: '2027-05-01 11:00',
  image,
})
const create = (body: unknown) => server.request(`${NS}/events`, { body, token: admin })
const mediaCount = async () => (await server.payload.count({ collection: 'media' })).totalDocs

describe('event images', () => {
  test('by media id, given as a string', async () => {
    const media = await server.payload.create({
      collection: 'media',
      data: {},
      file: { data: PNG, mimetype: 'image/png', name: 'given.png', size: PNG.length },
    })
    const created = await create(event(String(media.id)))
    expect(created.status).toBe(201)
    expect(created.body.image).toMatchObject({ id: media.id, extension: 'png' })
    expect((await create(event(media.id))).body.data.params).toEqual({
      image: 'image is not of type string.',
    })
    expect((await create(event('999999'))).body.data.params).toEqual({
      image: 'Invalid parameter.',
    })
  })

  test('by a URL we gave out for one of our images: that image, without a download or an allowed host', async () => {
    const media = await server.payload.create({
      collection: 'media',
      data: {},
      file: { data: PNG, mimetype: 'image/png', name: 'ours.png', size: PNG.length },
    })
    const url = (await create(event(String(media.id)))).body.image.url
    // The configured serverURL, which no allow-list names and nothing answers at.
    expect(url).toBe(`${server.payload.config.serverURL}/api/media/file/${media.filename}`)
    const before = await mediaCount()
    const reused = await create(event(url))
    expect([reused.status, reused.body.image.id]).toEqual([201, media.id])
    const updated = await server.request(`${NS}/venues`, {
      body: { venue: 'Own image hall', image: url },
      token: admin,
    })
    expect(updated.body.image.id).toBe(media.id)
    expect(await mediaCount()).toBe(before)
    const unknown = await create(
      event(`${server.payload.config.serverURL}/api/media/file/nothing.png`),
    )
    expect([unknown.status, unknown.body.data.params.image]).toEqual([
      400,
      expect.stringMatching(/host not allowed/),
    ])
  })

  test('a URL on the host a request was sent to is not taken for one of ours', async () => {
    const media = await server.payload.create({
      collection: 'media',
      data: {},
      file: { data: PNG, mimetype: 'image/png', name: 'hosted.png', size: PNG.length },
    })
    const before = await mediaCount()
    const viaRequestHost = await create(event(`${server.url}/api/media/file/${media.filename}`))
    expect(viaRequestHost.status).toBe(201)
    expect(viaRequestHost.body.image.id).not.toBe(media.id)
    expect(await mediaCount()).toBe(before + 1)
  })

  test('by URL from an allowed host, following a redirect on it', async () => {
    const before = await mediaCount()
    const created = await create(event(`${origin}/moved`))
    expect(created.status).toBe(201)
    expect(created.body.image.url).toMatch(/\/photo(-\d+)?\.png$/)
    expect(await mediaCount()).toBe(before + 1)
  })

  test('refuses other hosts, redirects to them, non-images and oversized files, leaving nothing behind', async () => {
    const before = {
      media: await mediaCount(),
      events: (await server.payload.count({ collection: 'events' })).totalDocs,
    }
    const port = (images.address() as AddressInfo).port
    const refusals: [string, RegExp][] = [
      [`http://localhost:${port}/photo.png`, /host not allowed/],
      [`${origin}/elsewhere`, /host not allowed/],
      [`${origin}/page`, /Not an image/],
      [`${origin}/liar.png`, /not a image\/png image/],
      [`${origin}/huge.png`, /larger than/],
      [`${origin}/missing.png`, /answered 404/],
      ['ftp://127.0.0.1/photo.png', /Invalid parameter/],
      ['http://user:secret@127.0.0.1/photo.png', /credentials/],
    ]
    for (const [url, message] of refusals) {
      const { status, body } = await create(event(url))
      expect([url, status]).toEqual([url, 400])
      expect(body.data.params.image).toMatch(message)
    }
    expect(await mediaCount()).toBe(before.media)
    expect((await server.payload.count({ collection: 'events' })).totalDocs).toBe(before.events)
  })

  test('gives up on a host that stalls, and on private addresses not listed themselves', async () => {
    const { docs } = await server.payload.find({ collection: 'users', limit: 1 })
    const req = await createLocalReq({ user: { ...docs[0], collection: 'users' } }, server.payload)
    const options = { allowedHosts: ['127.0.0.1'], mediaCollection: 'media' as const }
    await expect(
      importImage(req, `${origin}/stall.png`, { ...options, limits: { timeoutMs: 300 } }),
    ).rejects.toThrow(/timed out/)
    const port = (images.address() as AddressInfo).port
    await expect(
      importImage(req, `http://localhost:${port}/photo.png`, {
        ...options,
        allowedHosts: [`localhost:${port}`],
      }),
    ).rejects.toThrow(ImageImportError)
  })
})
