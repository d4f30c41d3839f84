import { formatInTimeZone, fromZonedTime } from 'date-fns-tz'

import { testNeeding } from '../helpers/database.js'
import { PNG } from '../helpers/png.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { createUser, registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'
let server: TestServer
let admin: string
let editor: string
let author: { id: number; token: string }
let otherAuthor: { id: number; token: string }
let subscriber: string

beforeAll(async () => {
  server = await startTestServer({ timezone: 'America/New_York' })
  admin = await registerFirstUser(server)
  editor = (await createUser(server, admin, 'editor@example.test', 'editor')).token
  author = await createUser(server, admin, 'author@example.test', 'author')
  otherAuthor = await createUser(server, admin, 'other@example.test', 'author')
  subscriber = (await createUser(server, admin, 'subscriber@example.test', 'subscriber')).token
})
afterAll(() => server?.stop())

const send = (method: string, path: string, body?: unknown, token?: string) =>
  server.request(`${NS}${path}`, { method, body, token })
const counts = async () => ({
  events: (await server.payload.count({ collection: 'events', trash: true })).totalDocs,
  venues: (await server.payload.count({ collection: 'venues', trash: true })).totalDocs,
  organizers: (await server.payload.count({ collection: 'organizers', trash: true })).totalDocs,
  tags: (await server.payload.count({ collection: 'event-tags' })).totalDocs,
  categories: (await server.payload.count({ collection: 'event-categories' })).totalDocs,
})
const minimal = {
  title: 'Jazz Night',
  start_date: '2027-07-05 20:00:00',
  end_date: '2027-07-05 23:00:00',
}

describe('event create', () => {
  test('is refused before validation: 401 anonymous, 403 subscriber', async () => {
    expect((await send('POST', '/events', {})).status).toBe(401)
    expect((await send('POST', '/events', minimal, subscriber)).body).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 403 },
    })
  })

  test('lists every missing and every invalid parameter at once', async () => {
    expect((await send('POST', '/events', {}, editor)).body).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): title, start_date, end_date',
      data: { status: 400, params: ['title', 'start_date', 'end_date'] },
    })
    const bad = await send(
      'POST',
      '/events',
      {
        ...minimal,
        start_date: 'garbage',
        all_day: 'maybe',
        timezone: 'Mars/Olympus',
        website: 'not a url',
        status: 'nope',
      },
      editor,
    )
    expect(bad.body.message).toBe(
      'Invalid parameter(s): start_date, status, website, timezone, all_day',
    )
    expect(bad.body.data.params.all_day).toBe('all_day is not of type boolean.')
    expect(bad.body.data.details.all_day).toEqual({
      code: 'rest_invalid_type',
      message: 'all_day is not of type boolean.',
      data: { param: 'all_day' },
    })
    expect(
      (await send('POST', '/events', { ...minimal, title: '' }, editor)).body.data.params,
    ).toEqual({ title: 'Invalid parameter.' })
  })

  test('reads dates as wall-clock time in the event zone, honours offsets and timestamps, refuses an end before the start', async () => {
    const local = await send('POST', '/events', { ...minimal, timezone: 'Europe/Berlin' }, editor)
    expect(local.status).toBe(201)
    expect(local.body).toMatchObject({
      start_date: '2027-07-05 20:00:00',
      utc_start_date: '2027-07-05 18:00:00',
      timezone_abbr: 'CEST',
    })
    expect(local.headers.get('location')).toMatch(new RegExp(`/events/${local.body.id}$`))
    const offset = await send(
      'POST',
      '/events',
      { ...minimal, start_date: '2027-01-10T14:00:00Z', end_date: '2027-01-10T16:00:00Z' },
      editor,
    )
    expect(offset.body).toMatchObject({
      start_date: '2027-01-10 09:00:00',
      timezone: 'America/New_York',
      timezone_abbr: 'EST',
    })
    const unix = await send(
      'POST',
      '/events',
      { ...minimal, start_date: 1815141600, end_date: 1815145200 },
      editor,
    )
    expect(unix.body.utc_start_date).toBe('2027-07-09 14:00:00')
    const backwards = await send(
      'POST',
      '/events',
      { ...minimal, end_date: '2027-07-05 19:00:00' },
      editor,
    )
    expect([backwards.status, Object.keys(backwards.body.data.params)]).toEqual([400, ['end_date']])
    const allDay = await send('POST', '/events', { ...minimal, all_day: true }, editor)
    expect(allDay.body).toMatchObject({
      start_date: '2027-07-05 00:00:00',
      end_date: '2027-07-05 23:59:59',
      all_day: true,
    })
  })

  test('creates venues, organizers and terms given by name, and reuses those that exist', async () => {
    const first = await send(
      'POST',
      '/events',
      {
        ...minimal,
        venue: { venue: 'Blue Note Hall', city: 'New York', zip: '10012' },
        organizer: [{ organizer: 'Alice Events', email: 'alice@example.com' }],
        categories: ['Brand New Category'],
        tags: ['free', 'family'],
        cost: '10 - 20',
        featured: 'true',
      },
      editor,
    )
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({
      venue: { venue: 'Blue Note Hall', city: 'New York' },
      featured: true,
      cost: '$10 – $20',
    })
    expect(first.body.organizer.map((o: { organizer: string }) => o.organizer)).toEqual([
      'Alice Events',
    ])
    expect(first.body.tags.map((t: { slug: string }) => t.slug)).toEqual(['free', 'family'])
    const before = await counts()
    const second = await send(
      'POST',
      '/events',
      {
        ...minimal,
        venue: { venue: 'Blue Note Hall' },
        organizer: `${first.body.organizer[0].id}`,
        tags: 'free',
      },
      editor,
    )
    expect(second.body.venue.id).toBe(first.body.venue.id)
    expect(second.body.tags[0].id).toBe(first.body.tags[0].id)
    expect(await counts()).toMatchObject({
      venues: before.venues,
      organizers: before.organizers,
      tags: before.tags,
    })
    expect(
      (await send('POST', '/events', { ...minimal, venue: 999999 }, editor)).body.data.params,
    ).toEqual({ venue: 'Invalid parameter.' })
    expect(
      (await send('POST', '/events', { ...minimal, categories: [999999] }, editor)).body.data
        .params,
    ).toEqual({
      categories: 'Invalid parameter.',
    })

    // A new name given twice in one write is one record, in every way it can be given.
    const twice = await send(
      'POST',
      '/events',
      {
        ...minimal,
        organizer: [{ organizer: 'Twice Presents' }, { organizer: 'twice presents' }],
        tags: ['twice tag', 'Twice Tag'],
      },
      editor,
    )
    expect([twice.status, twice.body.organizer.length, twice.body.tags.length]).toEqual([201, 1, 1])

    // A write refused for one parameter makes none of the records the others name, transactions or not.
    const made = await counts()
    const refused = await send(
      'POST',
      '/events',
      {
        ...minimal,
        categories: ['Never Made Category'],
        tags: ['never made tag'],
        venue: { venue: 'Never Made Hall' },
        organizer: [{ organizer: 'Never Made Presents' }, 999999],
      },
      editor,
    )
    expect([refused.status, refused.body.data.params]).toEqual([
      400,
      { organizer: 'Invalid parameter.' },
    ])
    expect(await counts()).toEqual(made)
  })

  test('venue and organizer objects take every field their own routes take, and are refused alike', async () => {
    const media = await server.payload.create({
      collection: 'media',
      data: {},
      file: { data: PNG, mimetype: 'image/png', name: 'hall.png', size: PNG.length },
    })
    const common = {
      description: '<p>Big <strong>room</strong></p>',
      image: String(media.id),
      phone: '555-0100',
      website: 'https://hall.example',
    }
    const venueFields = {
      ...common,
      address: '1 Main St',
      city: 'Portland',
      stateprovince: 'OR',
      zip: '97201',
      country: 'US',
      show_map: '0',
      show_map_link: 'false',
      geo_lat: 45.52,
      geo_lng: -122.68,
    }
    const organizerFields = { ...common, email: 'hall@example.com' }
    const standaloneVenue = await send(
      'POST',
      '/venues',
      { venue: 'Standalone Hall', ...venueFields },
      editor,
    )
    const standaloneOrganizer = await send(
      'POST',
      '/organizers',
      { organizer: 'Standalone Org', ...organizerFields },
      editor,
    )
    const event = await send(
      'POST',
      '/events',
      {
        ...minimal,
        venue: { venue: 'Inline Hall', ...venueFields },
        organizer: [{ organizer: 'Inline Org', ...organizerFields }],
      },
      editor,
    )
    expect(event.status).toBe(201)
    const own = (body: Record<string, unknown>) => {
      const {
        id,
        venue,
        organizer,
        slug,
        url,
        global_id,
        global_id_lineage,
        date,
        date_utc,
        modified,
        modified_utc,
        json_ld,
        ...rest
      } = body
      return {
        ...rest,
        json_ld: { ...(json_ld as object), name: undefined, url: undefined, '@id': undefined },
      }
    }
    const inlineVenue = (await send('GET', `/venues/${event.body.venue.id}`)).body
    const inlineOrganizer = (await send('GET', `/organizers/${event.body.organizer[0].id}`)).body
    expect(own(inlineVenue)).toEqual(
      own((await send('GET', `/venues/${standaloneVenue.body.id}`)).body),
    )
    expect(own(inlineOrganizer)).toEqual(
      own((await send('GET', `/organizers/${standaloneOrganizer.body.id}`)).body),
    )
    expect(inlineVenue).toMatchObject({
      show_map: false,
      geo_lat: 45.52,
      image: { id: media.id },
      description: '<p>Big <strong>room</strong></p>',
    })
    expect(inlineOrganizer).toMatchObject({ email: 'hall@example.com', image: { id: media.id } })

    const before = await counts()
    const refused = await send(
      'POST',
      '/events',
      { ...minimal, venue: { venue: 'Flagged Hall', show_map: true, geo_lat: 91 } },
      editor,
    )
    expect([refused.status, refused.body.data.params]).toEqual([
      400,
      {
        'venue[show_map]': 'venue[show_map] is not of type string.',
        'venue[geo_lat]': 'Invalid parameter.',
      },
    ])
    const badOrganizer = await send(
      'POST',
      '/events',
      { ...minimal, organizer: [{ organizer: 'Org', website: 'nope' }] },
      editor,
    )
    expect(badOrganizer.body.data.params).toEqual({ 'organizer[website]': 'Invalid parameter.' })
    expect(await counts()).toEqual(before)
  })

  testNeeding('transactions')(
    'is atomic: a failure on the organizer leaves no venue behind',
    async () => {
      const before = await counts()
      const failed = await send(
        'POST',
        '/events',
        { ...minimal, venue: { venue: 'Never Created Hall' }, organizer: [999999] },
        editor,
      )
      expect(failed.status).toBe(400)
      expect(await counts()).toEqual(before)
    },
  )

  test('authors create events that wait for review', async () => {
    const created = await send('POST', '/events', { ...minimal, status: 'publish' }, author.token)
    expect([created.status, created.body.status, created.body.author]).toEqual([
      201,
      'pending',
      String(author.id),
    ])
  })
})

describe('event update and delete', () => {
  test('change only the fields sent, with POST, PUT or PATCH, by id or slug', async () => {
    const created = (
      await send(
        'POST',
        '/events',
        { ...minimal, title: 'Partial', cost: '$5', featured: true, timezone: 'Asia/Tokyo' },
        editor,
      )
    ).body
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const { status, body } = await send(
        method,
        `/events/${created.id}`,
        { excerpt: `by ${method}` },
        editor,
      )
      expect(status).toBe(200)
      expect(body).toMatchObject({
        excerpt: `<p>by ${method}</p>`,
        cost: '$5',
        featured: true,
        timezone: 'Asia/Tokyo',
        title: 'Partial',
      })
    }
    const bySlug = await send(
      'PATCH',
      `/events/by-slug/${created.slug}`,
      { title: 'Renamed' },
      editor,
    )
    expect(bySlug.body).toMatchObject({
      id: created.id,
      title: 'Renamed',
      start_date: created.start_date,
    })
    const zh = await send(
      'PATCH',
      `/events/${created.id}?ml_language=zh-hant`,
      { title: '改名' },
      editor,
    )
    expect(zh.body.title).toBe('改名')
    expect((await send('GET', `/events/${created.id}`)).body.title).toBe('Renamed')
  })

  test('authors edit their own events only', async () => {
    const own = (await send('POST', '/events', minimal, author.token)).body
    expect((await send('PATCH', `/events/${own.id}`, { title: 'Mine' }, author.token)).status).toBe(
      200,
    )
    const unseen = await send(
      'PATCH',
      `/events/${own.id}`,
      { title: 'Not mine' },
      otherAuthor.token,
    )
    expect([unseen.status, unseen.body.code]).toEqual([403, 'rest_forbidden'])
    await send('PATCH', `/events/${own.id}`, { status: 'publish' }, editor)
    const theirs = await send(
      'PATCH',
      `/events/${own.id}`,
      { title: 'Not mine' },
      otherAuthor.token,
    )
    expect([theirs.status, theirs.body.code]).toEqual([403, 'rest_forbidden'])
    expect((await send('GET', `/events/${own.id}`)).body.title).toBe('Mine')
  })

  test('delete moves to the trash; a second delete is a 410; unknown ids are a 404', async () => {
    const created = (await send('POST', '/events', minimal, editor)).body
    const trashed = await send('DELETE', `/events/${created.id}`, undefined, editor)
    expect([trashed.status, trashed.body.status]).toEqual([200, 'trash'])
    expect(
      (await send('DELETE', `/events/${created.id}?force=true`, undefined, editor)).body,
    ).toEqual({
      code: 'event-is-in-trash',
      message: 'The event is already trashed',
      data: { status: 410 },
    })
    expect((await send('GET', `/events/${created.id}`)).body.code).toBe('event-no-longer-available')
    expect((await send('DELETE', '/events/999999', undefined, editor)).body.code).toBe(
      'rest-event-not-found',
    )
    expect((await send('DELETE', `/events/${created.id}`)).status).toBe(401)
  })

  test('a password can be set, unlocks the event, and be removed', async () => {
    const created = (await send('POST', '/events', { ...minimal, password: 'opensesame' }, editor))
      .body
    expect((await send('GET', `/events/${created.id}`)).body.code).toBe('event-password-protected')
    expect((await send('GET', `/events/${created.id}?password=opensesame`)).status).toBe(200)
    await send('PATCH', `/events/${created.id}`, { password: '' }, editor)
    expect((await send('GET', `/events/${created.id}`)).status).toBe(200)
  })
})

describe('venue and organizer writes', () => {
  test('create, reuse by name, update partially, and trash', async () => {
    const venue = await send(
      'POST',
      '/venues',
      { venue: 'Harbour Stage', city: 'Hong Kong', show_map: '1' },
      editor,
    )
    expect(venue.status).toBe(201)
    expect(venue.body).toMatchObject({ venue: 'Harbour Stage', city: 'Hong Kong', show_map: true })
    const again = await send(
      'POST',
      '/venues',
      { venue: 'Harbour Stage', city: 'Elsewhere' },
      editor,
    )
    expect([again.status, again.body.id, again.body.city]).toEqual([
      201,
      venue.body.id,
      'Hong Kong',
    ])
    const updated = await send('PATCH', `/venues/${venue.body.id}`, { zip: '999077' }, editor)
    expect(updated.body).toMatchObject({ zip: '999077', city: 'Hong Kong' })
    expect(
      (await send('POST', '/venues', { venue: 'X', show_map: true }, editor)).body.data.params,
    ).toEqual({
      show_map: 'show_map is not of type string.',
    })
    expect((await send('POST', '/venues', {}, editor)).body.data.params).toEqual(['venue'])
    expect((await send('DELETE', `/venues/${venue.body.id}`, undefined, editor)).body.status).toBe(
      'trash',
    )
    expect((await send('DELETE', `/venues/${venue.body.id}`, undefined, editor)).body.code).toBe(
      'venue-is-in-trash',
    )
    expect((await send('PATCH', '/venues/999999', { zip: '1' }, editor)).body.data.params).toEqual({
      id: 'Invalid parameter.',
    })
  })

  test('names match whatever their case, on their own routes and inline in an event', async () => {
    const hall = await send('POST', '/venues', { venue: 'R7 Blue Hall', city: 'Taipei' }, editor)
    const lower = await send(
      'POST',
      '/venues',
      { venue: 'r7 blue hall', city: 'Elsewhere' },
      editor,
    )
    expect([lower.status, lower.body.id, lower.body.venue, lower.body.city]).toEqual([
      201,
      hall.body.id,
      'R7 Blue Hall',
      'Taipei',
    ])
    const organizer = await send('POST', '/organizers', { organizer: 'Ünïque Presents' }, editor)
    expect(
      (await send('POST', '/organizers', { organizer: 'üNÏQUE PRESENTS' }, editor)).body.id,
    ).toBe(organizer.body.id)
    const category = await send('POST', '/categories', { name: 'Chamber Music' }, editor)
    const event = await send(
      'POST',
      '/events',
      {
        ...minimal,
        venue: { venue: 'R7 BLUE HALL' },
        organizer: [{ organizer: 'ünïque presents' }],
        categories: ['chamber MUSIC'],
      },
      editor,
    )
    expect([
      event.status,
      event.body.venue.id,
      event.body.organizer[0].id,
      event.body.categories[0].id,
    ]).toEqual([201, hall.body.id, organizer.body.id, category.body.id])
    // a wildcard of SQL's LIKE in a name is a character like any other
    const percent = await send('POST', '/venues', { venue: 'Hall_100%' }, editor)
    expect((await send('POST', '/venues', { venue: 'HallX100X' }, editor)).body.id).not.toBe(
      percent.body.id,
    )
    expect((await send('POST', '/venues', { venue: 'hall_100%' }, editor)).body.id).toBe(
      percent.body.id,
    )
    const centre = await send('POST', '/venues', { venue: '香港文化中心 Hall' }, editor)
    expect((await send('POST', '/venues', { venue: '香港文化中心 HALL' }, editor)).body.id).toBe(
      centre.body.id,
    )
    expect((await send('POST', '/venues', { venue: '香港文化館 Hall' }, editor)).body.id).not.toBe(
      centre.body.id,
    )
  })

  test('a stateprovince given is kept and wins; without one, the state or else the province shows', async () => {
    const given = await send(
      'POST',
      '/venues',
      { venue: 'Given Region Hall', state: 'NY', stateprovince: 'New York State' },
      editor,
    )
    expect(given.body).toMatchObject({ state: 'NY', stateprovince: 'New York State' })
    expect(given.body).not.toHaveProperty('province')
    const only = await send(
      'POST',
      '/venues',
      { venue: 'Only Region Hall', stateprovince: 'Kowloon' },
      editor,
    )
    expect(only.body).toMatchObject({ stateprovince: 'Kowloon' })
    expect(only.body).not.toHaveProperty('state')
    const derived = await send(
      'POST',
      '/venues',
      { venue: 'Derived Region Hall', province: 'Ontario' },
      editor,
    )
    expect(derived.body).toMatchObject({ province: 'Ontario', stateprovince: 'Ontario' })
    const changed = await send(
      'PATCH',
      `/venues/${derived.body.id}`,
      { stateprovince: 'ON' },
      editor,
    )
    expect(changed.body).toMatchObject({ province: 'Ontario', stateprovince: 'ON' })
    const inline = await send(
      'POST',
      '/events',
      { ...minimal, venue: { venue: 'Inline Region Hall', stateprovince: 'Kent' } },
      editor,
    )
    expect(inline.body.venue).toMatchObject({ stateprovince: 'Kent' })
    expect((await send('GET', `/venues/${given.body.id}`)).body.json_ld.address.addressRegion).toBe(
      'New York State',
    )
    const found = (await send('GET', '/venues?search=kowloon', undefined, editor)).body.venues
    expect(found.map((venue: { id: number }) => venue.id)).toEqual([only.body.id])
  })

  test('search finds venues and organizers by the words of their description, in any language', async () => {
    const venue = await send(
      'POST',
      '/venues',
      { venue: 'Quiet Hall', description: '<p>A <strong>converted</strong> granary</p>' },
      editor,
    )
    await send(
      'PATCH',
      `/venues/${venue.body.id}?ml_language=zh-hant`,
      { venue: '寧靜廳', description: '<p>改建的穀倉</p>' },
      editor,
    )
    const organizer = await send(
      'POST',
      '/organizers',
      { organizer: 'Quiet Org', description: '<p>Runs marathons</p>' },
      editor,
    )
    const venues = async (search: string) =>
      (
        await send('GET', `/venues?search=${encodeURIComponent(search)}`, undefined, editor)
      ).body.venues.map((v: { id: number }) => v.id)
    expect(await venues('converted granary')).toEqual([venue.body.id])
    expect(await venues('穀倉')).toEqual([venue.body.id])
    // not the markup, and not the rich text's stored structure
    expect(await venues('strong')).toEqual([])
    expect(await venues('paragraph')).toEqual([])
    const organizers = (await send('GET', '/organizers?search=MARATHON', undefined, editor)).body
      .organizers
    expect(organizers.map((o: { id: number }) => o.id)).toEqual([organizer.body.id])
    expect(venue.body).not.toHaveProperty('searchText')
  })

  test('organizers take any e-mail text and are refused to subscribers', async () => {
    const organizer = await send(
      'POST',
      '/organizers',
      { organizer: 'Bob Presents', email: 'not-an-email' },
      editor,
    )
    expect([organizer.status, organizer.body.email]).toEqual([201, 'not-an-email'])
    expect((await send('POST', '/organizers', { organizer: 'Nope' }, subscriber)).status).toBe(403)
    expect(
      (await send('DELETE', `/organizers/by-slug/${organizer.body.slug}`, undefined, editor)).body
        .status,
    ).toBe('trash')
  })
})

describe('event write details', () => {
  test('form bodies with bracketed arrays and objects', async () => {
    const organizer = (await send('POST', '/organizers', { organizer: 'Form Organizer' }, editor))
      .body
    const form = new URLSearchParams({
      title: 'Form Event',
      start_date: '2027-08-01 10:00',
      end_date: '2027-08-01 12:00',
      'organizer[0]': String(organizer.id),
      'venue[venue]': 'Form Hall',
      'venue[city]': 'Portland',
      'tags[]': 'formtag',
    })
    const created = await server.request(`${NS}/events`, {
      method: 'POST',
      token: editor,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: form.toString(),
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      title: 'Form Event',
      venue: { venue: 'Form Hall', city: 'Portland' },
    })
    expect(created.body.organizer[0].id).toBe(organizer.id)
    expect(created.body.tags[0].name).toBe('formtag')
  })

  test('relative dates are evaluated in the event zone, date-only values start at midnight', async () => {
    const relative = await send(
      'POST',
      '/events',
      {
        title: 'Relative',
        start_date: 'tomorrow 10:00',
        end_date: 'tomorrow 12:00',
        timezone: 'Asia/Tokyo',
      },
      editor,
    )
    expect(relative.body.start_date).toMatch(/ 10:00:00$/)
    expect(relative.body.timezone_abbr).toBe('JST')
    const dateOnly = await send(
      'POST',
      '/events',
      { title: 'Date only', start_date: '2027-02-01', end_date: '2027-02-02' },
      editor,
    )
    expect([dateOnly.body.start_date, dateOnly.body.end_date]).toEqual([
      '2027-02-01 00:00:00',
      '2027-02-02 00:00:00',
    ])
  })

  test('cost text, currency, publication date and author', async () => {
    const admins = await server.payload.find({
      collection: 'users',
      where: { email: { equals: 'admin@example.test' } },
    })
    const created = await send(
      'POST',
      '/events',
      { ...minimal, cost: '5 USD', date_utc: '2020-01-01 12:00:00', author: admins.docs[0].id },
      editor,
    )
    expect(created.body).toMatchObject({
      cost: '5USD',
      cost_details: { currency_symbol: 'USD', currency_position: 'postfix', values: ['5'] },
      date_utc: '2020-01-01 12:00:00',
      date: '2020-01-01 07:00:00',
      author: String(admins.docs[0].id),
    })
    const euro = await send(
      'POST',
      '/events',
      { ...minimal, cost: '15', currency_symbol: '€', currency_position: 'postfix' },
      editor,
    )
    expect(euro.body.cost_details).toMatchObject({
      currency_symbol: '€',
      currency_position: 'postfix',
      values: ['15'],
    })
    expect(
      (await send('POST', '/events', { ...minimal, author: 999999 }, editor)).body.data.params,
    ).toEqual({ author: 'Invalid parameter.' })
  })

  test('several amounts, as an array or a range, keep their own currency', async () => {
    const euros = {
      cost: '10€ – 20€',
      cost_details: {
        currency_symbol: '€',
        currency_code: '',
        currency_position: 'postfix',
        values: ['10', '20'],
      },
    }
    const form = new URLSearchParams({
      title: 'Euros',
      start_date: minimal.start_date,
      end_date: minimal.end_date,
    })
    form.append('cost[]', '10€')
    form.append('cost[]', '20€')
    const array = await server.request(`${NS}/events`, {
      rawBody: form.toString(),
      token: editor,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect([array.status, array.body]).toEqual([201, expect.objectContaining(euros)])
    const range = await send('POST', '/events', { ...minimal, cost: '10€ - 20€' }, editor)
    expect(range.body).toMatchObject(euros)
    expect(
      (await send('PATCH', `/events/${range.body.id}`, { cost: [10, '20'] }, editor)).body.cost,
    ).toBe('$10 – $20')
    expect(
      (await send('PATCH', `/events/${range.body.id}`, { cost: { amount: 1 } }, editor)).body.data
        .params,
    ).toEqual({
      cost: 'cost is not of type string.',
    })
  })

  test('descriptions are stored as sanitised rich text', async () => {
    const created = await send(
      'POST',
      '/events',
      {
        ...minimal,
        description:
          '<p onclick="x()">An evening of <strong>live jazz</strong>.</p><script>alert(1)</script>',
      },
      editor,
    )
    expect(created.body.description).toBe('<p>An evening of <strong>live jazz</strong>.</p>')
  })
})

describe('time zones', () => {
  const utc = (wallClock: string, zone: string) =>
    formatInTimeZone(fromZonedTime(wallClock, zone), 'UTC', 'yyyy-MM-dd HH:mm:ss')

  test('every current IANA name is accepted and reported as given, old names too', async () => {
    const current = [
      ['Asia/Kolkata', 'IST'],
      ['Asia/Kathmandu', '+0545'],
      ['Asia/Yangon', '+0630'],
      ['Asia/Ho_Chi_Minh', '+07'],
      ['Europe/Kyiv', 'EEST'],
      ['America/Nuuk', undefined],
      ['America/Argentina/Buenos_Aires', '-03'],
      ['America/Argentina/Mendoza', '-03'],
      ['Pacific/Kanton', '+13'],
      ['Atlantic/Faroe', 'WEST'],
    ] as const
    for (const [zone, abbr] of current) {
      const { status, body } = await send(
        'POST',
        '/events',
        {
          title: `In ${zone}`,
          start_date: '2027-07-05 20:00:00',
          end_date: '2027-07-05 22:00:00',
          timezone: zone,
        },
        editor,
      )
      expect([zone, status, body.timezone, body.utc_start_date]).toEqual([
        zone,
        201,
        zone,
        utc('2027-07-05 20:00:00', zone),
      ])
      if (abbr) expect([zone, body.timezone_abbr]).toEqual([zone, abbr])
    }
    const old = await send('POST', '/events', { ...minimal, timezone: 'Asia/Calcutta' }, editor)
    expect([old.status, old.body.timezone, old.body.utc_start_date]).toEqual([
      201,
      'Asia/Calcutta',
      '2027-07-05 14:30:00',
    ])
    const moved = await send('PATCH', `/events/${old.body.id}`, { timezone: 'Europe/Kyiv' }, editor)
    expect([moved.status, moved.body.timezone]).toEqual([200, 'Europe/Kyiv'])
    for (const zone of ['Mars/Olympus', '+05:30', 'Asia/', '']) {
      expect([
        zone,
        (await send('POST', '/events', { ...minimal, timezone: zone }, editor)).body.data?.params,
      ]).toEqual([zone, { timezone: 'Invalid parameter.' }])
    }
  })
})

describe('every date form, in a zone with DST and one without', () => {
  const utc = (instant: Date) => formatInTimeZone(instant, 'UTC', 'yyyy-MM-dd HH:mm:ss')
  for (const zone of ['America/New_York', 'Asia/Hong_Kong']) {
    test(`in ${zone}`, async () => {
      const tomorrow = formatInTimeZone(new Date(Date.now() + 864e5), zone, 'yyyy-MM-dd')
      const forms: [unknown, string][] = [
        ['2027-07-05 14:00:00', utc(fromZonedTime('2027-07-05 14:00:00', zone))],
        ['2027-01-05 14:00', utc(fromZonedTime('2027-01-05 14:00:00', zone))],
        ['2027-07-05T14:00:00Z', '2027-07-05 14:00:00'],
        ['2027-07-05T14:00:00+01:00', '2027-07-05 13:00:00'],
        [1815141600, '2027-07-09 14:00:00'],
        ['2027-07-05', utc(fromZonedTime('2027-07-05 00:00:00', zone))],
        ['07/10/2027 10:00', utc(fromZonedTime('2027-07-10 10:00:00', zone))],
        ['tomorrow 10:00', utc(fromZonedTime(`${tomorrow} 10:00:00`, zone))],
      ]
      for (const [start, expected] of forms) {
        const { status, body } = await send(
          'POST',
          '/events',
          {
            title: `Date ${String(start)}`,
            start_date: start,
            end_date: '2027-12-31 23:00',
            timezone: zone,
          },
          editor,
        )
        expect([start, status, body.utc_start_date]).toEqual([start, 201, expected])
      }
    })
  }
})

describe('venue and organizer updates by slug', () => {
  test('PUT and PATCH by slug change only the fields sent', async () => {
    const venue = (
      await send('POST', '/venues', { venue: 'Slug Hall', city: 'Taipei', phone: '123' }, editor)
    ).body
    const put = await send('PUT', `/venues/by-slug/${venue.slug}`, { city: '臺北' }, editor)
    expect(put.body).toMatchObject({ id: venue.id, city: '臺北', phone: '123' })
    const organizer = (
      await send('POST', '/organizers', { organizer: 'Slug Org', phone: '1' }, editor)
    ).body
    const patch = await send(
      'PATCH',
      `/organizers/by-slug/${organizer.slug}`,
      { website: 'https://example.org' },
      editor,
    )
    expect(patch.body).toMatchObject({
      id: organizer.id,
      phone: '1',
      website: 'https://example.org',
    })
    expect(
      (await send('PATCH', '/organizers/by-slug/nobody', { phone: '2' }, editor)).body.data.params,
    ).toEqual({
      slug: 'Invalid parameter.',
    })
  })
})

describe('drafts keep a slug and publication date given to them', () => {
  const NEVER = '0000-00-00 00:00:00'
  const listed = async (id: number) =>
    (await send('GET', '/events?status=draft&per_page=50', undefined, editor)).body.events.find(
      (event: { id: number }) => event.id === id,
    )

  test('by id, by slug and in the list; a later write without them keeps them', async () => {
    const body = {
      ...minimal,
      title: 'Given Draft',
      status: 'draft',
      slug: 'given-draft-night',
      date_utc: '2020-01-01 12:00:00',
    }
    const created = await send('POST', '/events', body, editor)
    const given = {
      status: 'draft',
      slug: 'given-draft-night',
      date_utc: '2020-01-01 12:00:00',
      date: '2020-01-01 07:00:00',
    }
    expect(created.body).toMatchObject(given)
    expect(created.body.modified_utc).not.toBe(NEVER)
    expect((await send('GET', `/events/${created.body.id}`, undefined, editor)).body).toMatchObject(
      given,
    )
    const bySlug = await send('GET', '/events/by-slug/given-draft-night', undefined, editor)
    expect([bySlug.status, bySlug.body.id]).toEqual([200, created.body.id])
    expect((await send('GET', '/events/by-slug/given-draft-night')).body.code).toBe(
      'event-not-accessible',
    )
    expect(await listed(created.body.id)).toMatchObject(given)
    const updated = await send(
      'PATCH',
      '/events/by-slug/given-draft-night',
      { excerpt: 'Soon', slug: '' },
      editor,
    )
    expect(updated.body).toMatchObject(given)
  })

  test('without them a draft answers an empty slug and zero dates, and its stored slug finds nothing', async () => {
    const created = await send(
      'POST',
      '/events',
      { ...minimal, title: 'Plain Draft', status: 'draft' },
      editor,
    )
    expect(created.body).toMatchObject({
      status: 'draft',
      slug: '',
      date_utc: NEVER,
      modified_utc: NEVER,
    })
    expect(await listed(created.body.id)).toMatchObject({ slug: '', date_utc: NEVER })
    const stored = await server.payload.findByID({ collection: 'events', id: created.body.id })
    expect(stored.slug).toBe('plain-draft')
    expect(
      (await send('GET', '/events/by-slug/plain-draft', undefined, editor)).body.data.params,
    ).toEqual({ slug: 'Invalid parameter.' })
    // An update that sends a slug gives it from then on.
    const named = await send('PATCH', `/events/${created.body.id}`, { slug: 'named-later' }, editor)
    expect(named.body).toMatchObject({ slug: 'named-later', date_utc: NEVER })
  })

  test('venues and organizers keep a given date, from date_utc or the site-local date', async () => {
    const venue = await send(
      'POST',
      '/venues',
      { venue: 'Draft Hall', status: 'draft', date_utc: '2021-03-04 05:06:07' },
      editor,
    )
    expect(venue.body).toMatchObject({
      status: 'draft',
      date_utc: '2021-03-04 05:06:07',
      slug: 'draft-hall',
    })
    expect((await send('GET', `/venues/${venue.body.id}`, undefined, editor)).body.date_utc).toBe(
      '2021-03-04 05:06:07',
    )
    const organizer = await send(
      'POST',
      '/organizers',
      { organizer: 'Draft Org', status: 'pending', date: '2021-03-04 00:06:07' },
      editor,
    )
    expect(organizer.body).toMatchObject({ status: 'pending', date_utc: '2021-03-04 05:06:07' })
    const plain = await send(
      'POST',
      '/venues',
      { venue: 'Plain Draft Hall', status: 'draft' },
      editor,
    )
    expect(plain.body).toMatchObject({ date_utc: NEVER, slug: 'plain-draft-hall' })
  })

  test('given date and date_utc that disagree, date_utc is the one instant kept, and date is it in the site zone', async () => {
    for (const [plural, key] of [
      ['venues', 'venue'],
      ['organizers', 'organizer'],
      ['events', 'title'],
    ]) {
      const answer = await send(
        'POST',
        `/${plural}`,
        {
          ...minimal,
          [key]: `Two dates ${key}`,
          date: '2021-03-04 09:00:00',
          date_utc: '2021-03-04 09:00:00',
        },
        editor,
      )
      expect([plural, answer.body.date_utc, answer.body.date]).toEqual([
        plural,
        '2021-03-04 09:00:00',
        '2021-03-04 04:00:00',
      ])
    }
  })

  test('a published event set back to draft keeps the date it was published with, as WordPress keeps it', async () => {
    const published = await send('POST', '/events', { ...minimal, title: 'Withdrawn' }, editor)
    expect(published.body.date_utc).not.toBe(NEVER)
    const withdrawn = await send(
      'PATCH',
      `/events/${published.body.id}`,
      { status: 'draft' },
      editor,
    )
    expect(withdrawn.body).toMatchObject({ status: 'draft', date_utc: published.body.date_utc })
    expect(await listed(published.body.id)).toMatchObject({ date_utc: published.body.date_utc })
    const venue = await send('POST', '/venues', { venue: 'Withdrawn Hall' }, editor)
    const back = await send('PATCH', `/venues/${venue.body.id}`, { status: 'pending' }, editor)
    expect(back.body).toMatchObject({ status: 'pending', date_utc: venue.body.date_utc })
  })

  test('publishing later keeps what was given and fills in the rest', async () => {
    const given = await send(
      'POST',
      '/events',
      {
        ...minimal,
        title: 'Kept',
        status: 'draft',
        slug: 'kept-draft',
        date_utc: '2020-01-01 12:00:00',
      },
      editor,
    )
    const published = await send('PATCH', `/events/${given.body.id}`, { status: 'publish' }, editor)
    expect(published.body).toMatchObject({
      status: 'publish',
      slug: 'kept-draft',
      date_utc: '2020-01-01 12:00:00',
    })
    expect((await send('GET', '/events/by-slug/kept-draft')).body.id).toBe(given.body.id)
    const plain = await send(
      'POST',
      '/events',
      { ...minimal, title: 'Filled In', status: 'draft' },
      editor,
    )
    const filled = await send('PATCH', `/events/${plain.body.id}`, { status: 'publish' }, editor)
    expect(filled.body).toMatchObject({ status: 'publish', slug: 'filled-in' })
    expect(filled.body.date_utc).not.toBe(NEVER)
    expect((await send('GET', '/events/by-slug/filled-in')).body.id).toBe(plain.body.id)
  })
})

describe('authentication', () => {
  test('a same-origin JWT cookie and an API key work as well as the JWT header', async () => {
    const { docs } = await server.payload.find({
      collection: 'users',
      where: { email: { equals: 'editor@example.test' } },
    })
    const apiKey = 'test-api-key-0123456789'
    await server.payload.update({
      collection: 'users',
      id: docs[0].id,
      data: { enableAPIKey: true, apiKey },
    })
    const byKey = await server.request(`${NS}/tags`, {
      method: 'POST',
      body: { name: 'by-api-key' },
      headers: { authorization: `users API-Key ${apiKey}` },
    })
    expect(byKey.status).toBe(201)
    // A browser's same-origin request; Payload refuses cookies on cross-site requests (CSRF).
    const byCookie = await server.request(`${NS}/tags`, {
      method: 'POST',
      body: { name: 'by-cookie' },
      headers: { cookie: `payload-token=${editor}`, 'sec-fetch-site': 'same-origin' },
    })
    expect(byCookie.status).toBe(201)
    const crossSite = await server.request(`${NS}/tags`, {
      method: 'POST',
      body: { name: 'cross-site' },
      headers: { cookie: `payload-token=${editor}`, 'sec-fetch-site': 'cross-site' },
    })
    expect(crossSite.status).toBe(401)
    const wrongKey = await server.request(`${NS}/tags`, {
      method: 'POST',
      body: { name: 'nope' },
      headers: { authorization: 'users API-Key wrong' },
    })
    expect(wrongKey.status).toBe(401)
  })
})
