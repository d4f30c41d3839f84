import type { MediaDoc, MediaSize, SerializeContext } from '../core/model.js'
import type { ImageObject, ImageSizeObject } from './wire.js'

type UrlContext = Pick<SerializeContext, 'serverURL'>

/** Payload stores upload URLs relative to the server (`/api/media/file/x.jpg`). */
export function absoluteUrl(url: string, ctx: UrlContext): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(url)) return url
  return `${ctx.serverURL}${url.startsWith('/') ? '' : '/'}${url}`
}

/** Keeps the keys whose value is set, as the original's `array_filter` does. */
function compact<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== null && value !== undefined),
  ) as T
}

function extension(media: MediaDoc): string | undefined {
  const name = media.filename ?? new URL(media.url as string, 'http://x').pathname
  const match = /\.([^./]+)$/.exec(name)
  return match?.[1]
}

function size(media: MediaSize, ctx: UrlContext): ImageSizeObject {
  return compact({
    width: media.width ?? undefined,
    height: media.height ?? undefined,
    'mime-type': media.mimeType ?? undefined,
    filesize: media.filesize ?? undefined,
    url: absoluteUrl(media.url as string, ctx),
  })
}

/** The featured image object (docs/api.md#get-events4ml_languagezh-hant), or `false` when there is none. */
export function serializeImage(
  media: MediaDoc | null | undefined,
  ctx: UrlContext,
): false | ImageObject {
  if (!media?.url) return false
  const sizes = Object.entries(media.sizes ?? {}).filter(([, generated]) => generated?.url)
  return compact({
    url: absoluteUrl(media.url, ctx),
    id: media.id,
    extension: extension(media),
    width: media.width ?? undefined,
    height: media.height ?? undefined,
    filesize: media.filesize ?? undefined,
    sizes: Object.fromEntries(sizes.map(([name, generated]) => [name, size(generated, ctx)])),
  })
}
