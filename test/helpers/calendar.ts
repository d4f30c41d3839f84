import type { Payload } from 'payload'

import { textToRichText } from '../../src/richText/fromText.js'

const DAY = 24 * 60 * 60 * 1000

/** An instant `days` from now at `hour`:00 UTC. */
export const inDays = (days: number, hour = 18) => {
  const date = new Date(Date.now() + days * DAY)
  date.setUTCHours(hour, 0, 0, 0)
  return date.toISOString()
}

/**
 * A small calendar covering every state and filter the read routes know, written through the Local API (the
 * tests then read it over HTTP).
 */
export async function createCalendar(payload: Payload) {
  const create = <T extends Record<string, unknown>>(collection: string, data: T, locale = 'en') =>
    payload.create({
      collection: collection as 'events',
      data: data as never,
      locale: locale as 'en',
    }) as Promise<{ id: number; slug: string }>
  const translate = (
    collection: string,
    id: number,
    data: Record<string, unknown>,
    locale: 'zh-hans' | 'zh-hant',
  ) => payload.update({ collection: collection as 'events', id, data: data as never, locale })

  const music = await create('event-categories', {
    name: 'Music',
    slug: 'music',
    description: 'All music',
  })
  const jazz = await create('event-categories', { name: 'Jazz', slug: 'jazz', parent: music.id })
  const sports = await create('event-categories', { name: 'Sports', slug: 'sports' })
  const unused = await create('event-categories', { name: 'Unused', slug: 'unused' })
  const free = await create('event-tags', { name: 'free', slug: 'free' })
  const family = await create('event-tags', { name: 'family', slug: 'family' })
  await translate('event-categories', jazz.id, { name: '爵士樂' }, 'zh-hant')

  const hall = await create('venues', {
    name: 'Blue Note Hall',
    address: '131 W 3rd St',
    city: 'New York',
    state: 'NY',
    zip: '10012',
    country: 'United States',
    geoLat: 40.7308,
    geoLng: -74.0005,
    status: 'publish',
  })
  const park = await create('venues', {
    name: 'Riverside Park',
    city: 'Portland',
    country: 'United States',
    status: 'publish',
  })
  const draftVenue = await create('venues', { name: 'Secret Loft', status: 'draft' })
  const alice = await create('organizers', {
    name: 'Alice Events',
    email: 'alice@example.com',
    phone: '+1 555-0100',
    status: 'publish',
  })
  const bob = await create('organizers', {
    name: 'Bob Presents',
    email: 'bob@example.org',
    status: 'publish',
  })

  const event = (title: string, days: number, extra: Record<string, unknown> = {}) =>
    create('events', {
      title,
      startDate: inDays(days),
      endDate: inDays(days, 21),
      timezone: 'America/New_York',
      status: 'publish',
      ...extra,
    })

  const jazzNight = await event('Jazz Night', 3, {
    description: textToRichText('An evening of live jazz with the house band.'),
    excerpt: 'Live jazz downtown.',
    venue: [hall.id],
    organizers: [alice.id, bob.id],
    categories: [jazz.id],
    tags: [free.id],
    cost: '$10',
    featured: true,
  })
  await translate(
    'events',
    jazzNight.id,
    { title: '爵士之夜', excerpt: '市中心的現場爵士樂' },
    'zh-hant',
  )
  const run = await event('Morning Run', 5, {
    venue: [park.id],
    categories: [sports.id],
    tags: [family.id],
    ticketed: true,
  })
  const concert = await event('Symphony Concert', 8, {
    categories: [music.id],
    tags: [free.id, family.id],
    organizers: [bob.id],
  })
  const past = await event('Past Lecture', -30, { venue: [park.id] })
  const ongoing = await create('events', {
    title: 'Ongoing Exhibition',
    startDate: inDays(-2),
    endDate: inDays(6),
    timezone: 'America/New_York',
    status: 'publish',
  })
  const far = await event('Far Future Gala', 800)
  const draft = await event('Draft Planning Meeting', 4, { status: 'draft' })
  const pending = await event('Pending Review Party', 4, { status: 'pending' })
  const privateEvent = await event('Private Dinner', 4, { status: 'private' })
  const hidden = await event('Hidden Rehearsal', 6, { hideFromListings: true })
  const secret = await event('Members Only Jam', 7, {
    passwordProtected: true,
    password: 'opensesame',
    excerpt: 'Only for members',
    venue: [hall.id],
    cost: '$5',
  })
  const trashed = await event('Cancelled Show', 9)
  await payload.update({
    collection: 'events',
    id: trashed.id,
    data: { deletedAt: new Date().toISOString() },
  })
  const child = await event('Jazz Night Encore', 3, { parent: jazzNight.id })

  return {
    categories: { music, jazz, sports, unused },
    tags: { free, family },
    venues: { hall, park, draftVenue },
    organizers: { alice, bob },
    events: {
      jazzNight,
      run,
      concert,
      past,
      ongoing,
      far,
      draft,
      pending,
      privateEvent,
      hidden,
      secret,
      trashed,
      child,
    },
  }
}
