/**
 * Images kept in object storage (S3, here an S3-compatible server the test starts): an image imported or uploaded
 * through one server instance is stored in the bucket, not on that instance's disk, and every instance serves it.
 */
import type { AddressInfo } from 'node:net'

import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import { createTestDatabase, describeOn, type TestDatabase } from '../helpers/database.js'
import { type HostProcess, startHostProcess } from '../helpers/hostProcess.js'
import { type ObjectStorage, startObjectStorage } from '../helpers/objectStorage.js'
import { PNG } from '../helpers/png.js'
import { createUserByScript, ROOT } from '../helpers/run.js'

const NS = '/api/calendar/events/v1'
const EDITOR = { email: 'storage-editor@example.test', password: 'a-long-editor-password' }
let database: TestDatabase
let storage: ObjectStorage
let images: http.Server
let origin: string
const instances: HostProcess[] = []
let token: string

/** Whether the local disk of the instances (their `media` directory) holds a file of this name. */
const onLocalDisk = (filename: string) => fs.existsSync(path.join(ROOT, 'media', filename))

async function bytes(url: string): Promise<{ status: number; body: Buffer; type: string | null }> {
  const response = await fetch(url)
  return {
    status: response.status,
    body: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get('content-type'),
  }
}

// Several instances share a database only on PostgreSQL (see docs/database.md#running-more-than-one-instance).
const onPostgres = describeOn('postgres', 'instances sharing images in object storage')

onPostgres('images in object storage, served by every instance', () => {
  beforeAll(async () => {
    storage = await startObjectStorage('calendar-media')
    images = http.createServer((req, res) => {
      if (req.url === '/harbour.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
      else res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
    const imageHost = `127.0.0.1:${(images.address() as AddressInfo).port}`
    origin = `http://${imageHost}`
    database = await createTestDatabase()
    await createUserByScript(database.uri, EDITOR)
    const env = {
      MEDIA_S3_BUCKET: storage.bucket,
      MEDIA_S3_ENDPOINT: storage.endpoint,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      CALENDAR_IMAGE_HOSTS: imageHost,
    }
    for (let index = 0; index < 2; index++)
      instances.push(await startHostProcess(database.uri, { admin: false, env }))
    const login = await fetch(`${instances[0].url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(EDITOR),
    })
    token = (await login.json()).token
  }, 5 * 60_000)

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()))
    images?.closeAllConnections()
    await new Promise((resolve) => images?.close(resolve))
    await storage?.stop()
    await database?.drop()
  })

  test('an image imported by URL through one instance is in the bucket and served by the other', async () => {
    const response = await fetch(`${instances[0].url}${NS}/events`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Harbour Lights',
        start_date: '2027-06-01 20:00',
        end_date: '2027-06-01 22:00',
        image: `${origin}/harbour.png`,
      }),
    })
    const created = await response.json()
    expect(response.status).toBe(201)
    const { pathname } = new URL(created.image.url)
    const filename = path.basename(pathname)
    expect(filename).toMatch(/^harbour(-\d+)?\.png$/)
    expect(await storage.keys()).toContain(filename)
    expect(onLocalDisk(filename)).toBe(false)

    const served = await bytes(`${instances[1].url}${pathname}`)
    expect([served.status, served.type]).toEqual([200, 'image/png'])
    expect(served.body.equals(PNG)).toBe(true)
    // The other instance's answer names the same image (at its own address).
    const read = await (await fetch(`${instances[1].url}${NS}/events/${created.id}`)).json()
    expect(read.image.url).toBe(`${instances[1].url}${pathname}`)
  })

  test('an image uploaded through one instance is in the bucket and served by the other', async () => {
    const form = new FormData()
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'lighthouse.png')
    form.append('_payload', JSON.stringify({ alt: 'A lighthouse' }))
    const response = await fetch(`${instances[1].url}/api/media`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}` },
      body: form,
    })
    const { doc } = await response.json()
    expect(response.status).toBe(201)
    expect(await storage.keys()).toContain(doc.filename)
    expect(onLocalDisk(doc.filename)).toBe(false)
    const served = await bytes(`${instances[0].url}/api/media/file/${doc.filename}`)
    expect([served.status, served.type]).toEqual([200, 'image/png'])
    expect(served.body.equals(PNG)).toBe(true)
  })
})
