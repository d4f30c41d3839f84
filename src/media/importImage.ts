import type { CollectionSlug, PayloadRequest } from 'payload'

import { ValidationError } from 'payload'
import dns from 'node:dns/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import net from 'node:net'
import path from 'node:path'

import { USER_AGENT } from '../core/constants.js'
import { fileTitle, mediaData } from './mediaFields.js'

/** A refusal whose message is safe to show to the API client. */
export class ImageImportError extends Error {}

export type ImageImportLimits = { maxBytes: number; timeoutMs: number; maxRedirects: number }
export const DEFAULT_IMAGE_LIMITS: ImageImportLimits = {
  maxBytes: 10 * 1024 * 1024,
  timeoutMs: 10_000,
  maxRedirects: 3,
}

const IMAGE_TYPES: Record<string, { extension: string; magic: (bytes: Buffer) => boolean }> = {
  'image/jpeg': { extension: 'jpg', magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  'image/png': {
    extension: 'png',
    magic: (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  },
  'image/gif': { extension: 'gif', magic: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  'image/webp': {
    extension: 'webp',
    magic: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  'image/avif': {
    extension: 'avif',
    magic: (b) => b.subarray(4, 12).toString('latin1').startsWith('ftypavi'),
  },
}

/** Addresses no import may reach unless the address itself is on the allow-list. */
const PRIVATE = new net.BlockList()
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(prefix, bits, 'ipv4')
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(prefix, bits, 'ipv6')
}

function isPrivate(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4')
  return PRIVATE.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4')
}

const defaultPort = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80')
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase()

/** An entry `host` allows every port of that host; `host:port` only that port. */
function isAllowedHost(url: URL, allowed: string[]): boolean {
  const host = hostOf(url)
  return allowed.some((entry) => {
    const value = entry.trim().toLowerCase()
    return (
      value === host ||
      value === `${host}:${defaultPort(url)}` ||
      value === `[${host}]:${defaultPort(url)}`
    )
  })
}

/** The address to connect to, checked once, so a second DNS answer cannot point the request elsewhere. */
async function checkedAddress(
  url: URL,
  allowed: string[],
): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ImageImportError('Image URLs must use http or https.')
  if (url.username || url.password)
    throw new ImageImportError('Image URLs must not carry credentials.')
  if (!isAllowedHost(url, allowed))
    throw new ImageImportError(`Image host not allowed: ${url.host}`)
  const host = hostOf(url)
  const { address, family } = net.isIP(host)
    ? { address: host, family: net.isIP(host) }
    : await dns.lookup(host).catch(() => {
        throw new ImageImportError(`Image host not found: ${url.hostname}`)
      })
  const listed = allowed.some(
    (entry) => entry.trim().toLowerCase().replace(/:\d+$/, '') === address.toLowerCase(),
  )
  if (isPrivate(address) && !listed)
    throw new ImageImportError(`Image host resolves to a private address: ${url.hostname}`)
  return { address, family }
}

function get(
  url: URL,
  target: { address: string; family: number },
  timeoutMs: number,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const request = client.get(url, {
      headers: { 'user-agent': USER_AGENT },
      lookup: (_host, _options, callback) => callback(null, target.address, target.family),
      timeout: timeoutMs,
    })
    // From here the body's own timer governs: the socket's idle timeout would end it with an error of its own.
    request.once('response', (response) => {
      request.setTimeout(0)
      resolve(response)
    })
    request.once('timeout', () =>
      request.destroy(new ImageImportError('The image download timed out.')),
    )
    request.once('error', (error) =>
      reject(
        error instanceof ImageImportError
          ? error
          : new ImageImportError('The image could not be downloaded.'),
      ),
    )
  })
}

async function readLimited(
  response: IncomingMessage,
  maxBytes: number,
  timeoutMs: number,
): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    response.destroy(new ImageImportError('The image download timed out.'))
  }, timeoutMs)
  try {
    for await (const chunk of response) {
      size += (chunk as Buffer).length
      if (size > maxBytes) {
        response.destroy()
        throw new ImageImportError(`The image is larger than ${maxBytes} bytes.`)
      }
      chunks.push(chunk as Buffer)
    }
  } catch (error) {
    if (timedOut) throw new ImageImportError('The image download timed out.')
    throw error instanceof ImageImportError
      ? error
      : new ImageImportError('The image could not be downloaded.')
  } finally {
    clearTimeout(timer)
  }
  return Buffer.concat(chunks)
}

export type DownloadedImage = { data: Buffer; mimetype: string; name: string; size: number }
type ImageSource = { allowedHosts: string[]; limits?: Partial<ImageImportLimits> }

/**
 * Downloads an image from an allow-listed host, as a file for an upload collection. Every redirect is checked like
 * the first URL; private addresses are refused unless listed themselves; type, size and content are checked.
 */
export async function downloadImage(url: string, options: ImageSource): Promise<DownloadedImage> {
  const limits = { ...DEFAULT_IMAGE_LIMITS, ...options.limits }
  let current: URL
  try {
    current = new URL(url)
  } catch {
    throw new ImageImportError('The image URL is not valid.')
  }
  for (let redirects = 0; ; redirects++) {
    const response = await get(
      current,
      await checkedAddress(current, options.allowedHosts),
      limits.timeoutMs,
    )
    const status = response.statusCode ?? 0
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume()
      if (redirects >= limits.maxRedirects)
        throw new ImageImportError('The image URL redirects too often.')
      current = new URL(response.headers.location, current)
      continue
    }
    if (status !== 200) {
      response.resume()
      throw new ImageImportError(`The image URL answered ${status}.`)
    }
    const mimeType = (response.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
    const type = IMAGE_TYPES[mimeType]
    if (!type) {
      response.resume()
      throw new ImageImportError(`Not an image: ${mimeType || 'no content type'}.`)
    }
    if (Number(response.headers['content-length'] ?? 0) > limits.maxBytes) {
      response.destroy()
      throw new ImageImportError(`The image is larger than ${limits.maxBytes} bytes.`)
    }
    const data = await readLimited(response, limits.maxBytes, limits.timeoutMs)
    if (!type.magic(data)) throw new ImageImportError(`The content is not a ${mimeType} image.`)
    const base = path
      .basename(current.pathname, path.extname(current.pathname))
      .replace(/[^\w.-]+/g, '-')
      .slice(0, 80)
    return {
      data,
      mimetype: mimeType,
      name: `${base || 'image'}.${type.extension}`,
      size: data.length,
    }
  }
}

/**
 * Downloads an image from an allow-listed host and stores it in the media collection as the request's user, with
 * `altText` (or its file name) as its alt text where the collection requires one.
 */
export async function importImage(
  req: PayloadRequest,
  url: string,
  options: ImageSource & { mediaCollection: CollectionSlug; altText?: string },
): Promise<number | string> {
  const file = await downloadImage(url, options)
  const altText = options.altText || fileTitle(file.name)
  try {
    const doc = await req.payload.create({
      collection: options.mediaCollection,
      data: mediaData(req.payload, options.mediaCollection, altText) as never,
      file,
      overrideAccess: false,
      req,
      user: req.user,
    })
    return doc.id
  } catch (error) {
    // A field of the site's media collection the calendar cannot fill (see `reportUnfillableMediaFields`).
    if (!(error instanceof ValidationError)) throw error
    const fields = error.data.errors.map(({ path }) => path).join(', ')
    throw new ImageImportError(
      `The image cannot be stored: the media collection requires ${fields}.`,
    )
  }
}
