import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export type ObjectStorage = {
  /** The server's address, for `MEDIA_S3_ENDPOINT`. */
  endpoint: string
  bucket: string
  /** The keys of the objects in the bucket. */
  keys: () => Promise<string[]>
  stop: () => Promise<void>
}

/**
 * An S3-compatible server (s3rver) on a free loopback port, with one empty bucket, keeping its objects in a temporary
 * directory.
 */
export async function startObjectStorage(bucket: string): Promise<ObjectStorage> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    keys: async () => {
      const listing = await (await fetch(`${endpoint}/${bucket}?list-type=2`)).text()
      return [...listing.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1])
    },
    stop: async () => {
      await server.close()
      fs.rmSync(directory, { force: true, recursive: true })
    },
  }
}
