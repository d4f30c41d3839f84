import type { CollectionSlug } from 'payload'

import type { RestCall } from './route.js'

import { parseDateInput } from '../core/dates.js'
import { POST_STATUSES } from '../core/constants.js'
import { isObjectIdHex } from '../database/recordIds.js'
import { fitsIdsOf } from '../hooks/numberedIds.js'
import { ImageImportError, importImage } from '../media/importImage.js'
import { ownMediaId } from '../media/ownMedia.js'
import { htmlToRichText } from '../richText/fromHtml.js'
import { toSlug } from '../core/slugify.js'
import { isHttpUrl } from '../core/validate.js'
import { invalidParam } from './errors.js'
import { instantOf } from './eventDates.js'
import {
  bodyIdParam,
  userIdParam,
  isNumeric,
  type Param,
  ParamError,
  stringValue,
  typeError,
} from './params.js'

/** Parameters every post-like record (event, venue, organizer) takes on create and update. */
export const publicationParams = {
  author: {
    type: 'integer',
    description: "The author ID (on MongoDB, the user's ObjectId)",
    parse: userIdParam,
  } as Param<number | string>,
  date: {
    type: 'string',
    description: 'The publication date, in the site time zone',
    parse: checkedDate,
  } as Param<string>,
  date_utc: {
    type: 'string',
    description: 'The publication date, in UTC',
    parse: checkedDate,
  } as Param<string>,
  description: {
    type: 'string',
    description: 'The description, as HTML',
    parse: stringValue,
  } as Param<string>,
  status: {
    type: 'string',
    enum: POST_STATUSES,
    description: 'The publication status',
    parse: (raw: unknown) => {
      if (!POST_STATUSES.includes(raw as (typeof POST_STATUSES)[number])) throw new ParamError()
      return raw as string
    },
  } as Param<string>,
  image: {
    type: 'string',
    description:
      'The featured image: a media ID (on MongoDB, its ObjectId), the URL of one of our images, or an image URL from an allowed host; "0" or empty removes it',
    parse: (raw: unknown, name: string) => {
      // A JSON number is a type error, as in the original.
      if (typeof raw !== 'string') throw typeError(name, 'string')
      if (isObjectIdHex(raw)) return raw.toLowerCase()
      if (isNumeric(raw)) return bodyIdParam(raw)
      if (!isHttpUrl(raw) && raw !== '') throw new ParamError()
      return raw
    },
  } as Param<number | string>,
  website: {
    type: 'string',
    format: 'uri',
    description: 'The website URL',
    parse: (raw: unknown, name: string) => {
      const value = stringValue(raw, name)
      if (value !== '' && !isHttpUrl(value)) throw new ParamError()
      return value
    },
  } as Param<string>,
}

function checkedDate(raw: unknown): string {
  if (!parseDateInput(raw, { zone: 'UTC' })) throw new ParamError()
  return String(raw)
}

type PublicationValues = {
  author?: number | string
  date?: string
  date_utc?: string
  description?: string
  image?: number | string
  slug?: string
  status?: string
}

/**
 * The stored fields for the publication parameters that were sent; ids are checked against what exists. A slug
 * sent is marked as given (`givenFields`), so a draft keeps showing it. `title` (the record's title or name, when
 * the write gives one) is the alt text of an image it brings by URL.
 */
export async function publicationData(
  call: RestCall,
  values: PublicationValues,
  usersSlug: CollectionSlug,
  title?: string,
) {
  const data: Record<string, unknown> = {}
  if (values.status !== undefined) data.status = values.status
  if (values.date_utc !== undefined)
    data.publishedAt = instantOf(values.date_utc, 'date_utc', 'UTC').toISOString()
  else if (values.date !== undefined)
    data.publishedAt = instantOf(values.date, 'date', call.options.timezone).toISOString()
  // A slug with nothing left once cleaned up is made from the title, as when none is sent.
  if (values.slug !== undefined && toSlug(values.slug)) data.slugGiven = true
  if (values.author !== undefined) {
    if (!fitsIdsOf(call.req.payload, usersSlug, values.author)) throw invalidParam('author')
    // Whether the user exists is all that is read; editors may not read other users' records.
    const { totalDocs } = await call.req.payload.count({
      collection: usersSlug,
      overrideAccess: true,
      req: call.req,
      where: { id: { equals: values.author } },
    })
    if (!totalDocs) throw invalidParam('author')
    data.author = values.author
  }
  if (values.description !== undefined)
    data.description = await htmlToRichText(values.description, call.req.payload.config)
  if (values.image !== undefined) data.image = await imageId(call, values.image, title)
  return data
}

/** The media record's id: a number, or on MongoDB an ObjectId (the calendar does not number a site's media). */
async function imageId(
  call: RestCall,
  value: number | string,
  title?: string,
): Promise<number | string | null> {
  if (value === '' || value === 0) return null
  const collection = call.options.slugs.media
  if (typeof value === 'number' || isObjectIdHex(value)) {
    if (!fitsIdsOf(call.req.payload, collection, value)) throw invalidParam('image')
    const { totalDocs } = await call.req.payload.count({
      collection,
      overrideAccess: false,
      req: call.req,
      user: call.req.user,
      where: { id: { equals: value } },
    })
    if (!totalDocs) throw invalidParam('image')
    return value
  }
  // A URL the service gave out for one of its images is that image, as the original reuses an attachment by URL.
  const own = await ownMediaId(call.req, value, collection)
  if (own !== undefined) return own
  try {
    return await importImage(call.req, value, {
      allowedHosts: call.options.imageHosts,
      mediaCollection: collection,
      altText: title,
    })
  } catch (error) {
    if (error instanceof ImageImportError) throw invalidParam('image', error.message)
    throw error
  }
}
