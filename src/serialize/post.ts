import type { Id, PostState, SerializeContext } from '../core/model.js'
import type { GlobalIds, PostFields } from './wire.js'

import { wallClock } from './dates.js'

/** WordPress's GMT date of a post that was never published. */
const NEVER = '0000-00-00 00:00:00'

type UrlValues = { id?: Id; path?: string; slug?: string | null }

/** Fills a URL template: `{serverURL}`, `{slug}`, `{id}`, `{path}`. */
export function fillTemplate(
  template: string,
  ctx: Pick<SerializeContext, 'pagePrefix' | 'serverURL'>,
  values: UrlValues,
): string {
  return template.replace(
    /\{(serverURL|slug|id|path)\}/g,
    (_, key: 'id' | 'path' | 'serverURL' | 'slug') =>
      key === 'serverURL' ? `${ctx.serverURL}${ctx.pagePrefix}` : String(values[key] ?? ''),
  )
}

const isUnpublished = (doc: PostState) => doc.status === 'draft' || doc.status === 'pending'

/** Trash is Payload's `deletedAt`, a state the original reports as a status. */
export const postStatus = (doc: PostState): string => (doc.deletedAt ? 'trash' : doc.status)

/**
 * The slug as the original reports it: WordPress renames the slug of a trashed post to `…__trashed`, and events
 * (not venues or organizers, which TEC names itself) have none until they are published, unless one was given.
 */
export function postSlug(
  doc: PostState & { slug?: string | null },
  { emptyUntilPublished = false } = {},
): string {
  if (emptyUntilPublished && isUnpublished(doc) && !doc.slugGiven) return ''
  const slug = doc.slug ?? ''
  return doc.deletedAt && slug ? `${slug}__trashed` : slug
}

/**
 * `author`, `status` and the publication dates: `date`/`modified` in the site zone, `*_utc` in UTC. Draft and
 * pending records have the zero GMT date of WordPress until they have a publication date: one a write gave them, or
 * the one they were published with before they went back to draft. Without one they also keep a zero GMT
 * modification date until edited (WordPress starts it at the GMT date).
 */
export function postFields(
  doc: PostState,
  ctx: Pick<SerializeContext, 'siteTimezone'>,
): PostFields {
  const published = doc.publishedAt ?? doc.createdAt
  const undated = isUnpublished(doc) && !doc.publishedAt
  const modifiedUtc = wallClock(doc.updatedAt, 'UTC')
  const neverEdited = modifiedUtc === wallClock(doc.createdAt, 'UTC')
  return {
    author: doc.author === null || doc.author === undefined ? '' : String(doc.author),
    status: postStatus(doc),
    date: wallClock(published, ctx.siteTimezone),
    date_utc: undated ? NEVER : wallClock(published, 'UTC'),
    modified: wallClock(doc.updatedAt, ctx.siteTimezone),
    modified_utc: undated && neverEdited ? NEVER : modifiedUtc,
  }
}

const hostNames = new Map<string, string>()

/**
 * `global_id` is the server's host name without port plus `?id=N`, as the original's; venues and organizers add
 * their type (`&type=venue`), since each collection numbers its own ids and an event's id may be a venue's too.
 */
export function globalIds(
  id: Id,
  ctx: Pick<SerializeContext, 'pagePrefix' | 'serverURL'>,
  type?: 'organizer' | 'venue',
): GlobalIds {
  let hostName = hostNames.get(ctx.serverURL)
  if (hostName === undefined) {
    hostName = new URL(ctx.serverURL).hostname
    if (hostNames.size >= 100) hostNames.clear()
    hostNames.set(ctx.serverURL, hostName)
  }
  const globalId = `${hostName}?id=${id}${type ? `&type=${type}` : ''}`
  return { global_id: globalId, global_id_lineage: [globalId] }
}

/** Drops empty values (`""`, `false`, `null`, `undefined`) as the original's `array_filter` does. */
export function withoutEmpty<T extends Record<string, unknown>>(fields: T): Partial<T> {
  const kept: Partial<T> = {}
  for (const key in fields) {
    const value = fields[key]
    if (value !== '' && value !== false && value !== null && value !== undefined) kept[key] = value
  }
  return kept
}
