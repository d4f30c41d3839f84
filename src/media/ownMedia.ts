import type { CollectionSlug, PayloadRequest, Where } from 'payload'

import type { MediaDoc } from '../core/model.js'

/** The URLs the service gives out for a media record: the file's and each generated size's. */
function urlsOf(media: MediaDoc, serverURL: string): string[] {
  const urls = [media.url, ...Object.values(media.sizes ?? {}).map((size) => size?.url)]
  return urls.flatMap((url) => {
    if (!url) return []
    try {
      // Relative URLs are the configured serverURL's, as the serialiser makes them absolute.
      return serverURL || /^[a-z][a-z\d+.-]*:/i.test(url)
        ? [new URL(url, serverURL || undefined).href]
        : []
    } catch {
      return []
    }
  })
}

/**
 * The media record whose file (or one of its sizes) the service serves at `url`, as its answers name it with the
 * configured `serverURL` (never the request's own host, which a client chooses); `undefined` for any other URL.
 */
export async function ownMediaId(
  req: PayloadRequest,
  url: string,
  collection: CollectionSlug,
): Promise<number | string | undefined> {
  let filename: string
  let href: string
  try {
    const parsed = new URL(url)
    href = parsed.href
    filename = decodeURIComponent(parsed.pathname.slice(parsed.pathname.lastIndexOf('/') + 1))
  } catch {
    return undefined
  }
  if (!filename) return undefined
  const sizes = req.payload.collections[collection]?.config.upload?.imageSizes ?? []
  const where: Where = {
    or: [
      { filename: { equals: filename } },
      ...sizes.map(({ name }) => ({ [`sizes.${name}.filename`]: { equals: filename } })),
    ],
  }
  const { docs } = await req.payload.find({
    collection,
    depth: 0,
    limit: 10,
    overrideAccess: false,
    req,
    user: req.user,
    where,
  })
  const serverURL = req.payload.config.serverURL
  const match = (docs as unknown as MediaDoc[]).find((media) =>
    urlsOf(media, serverURL).includes(href),
  )
  return match?.id
}
