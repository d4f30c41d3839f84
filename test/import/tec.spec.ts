import { importTecSite, type TecImportResult } from '../../src/import/tec/importTec.js'
import { type CapturedSite, startCapturedSite } from '../helpers/capturedSite.js'
import { runScript } from '../helpers/run.js'
import { startTestServer, type TestServer } from '../helpers/server.js'

const NS = '/api/calendar/events/v1'

let server: TestServer
let site: CapturedSite

beforeAll(async () => {
  server = await startTestServer({ timezone: 'America/New_York' })
  site = await startCapturedSite()
})
afterAll(async () => {
  await site?.stop()
  await server?.stop()
})

const get = (url: string) => server.request(`${NS}${url}`).then(({ body }) => body)
const importSite = (extra: Partial<Parameters<typeof importTecSite>[1]> = {}) =>
  importTecSite(server.sitePayload, {
    url: site.url,
    languages: ['en', 'zh-hant'],
    backoffMs: 5,
    ...extra,
  })
const decode = (html: string) =>
  html.replace(
    /&(amp|lt|gt|quot|#039|#8217);/g,
    (_, name: string) =>
      ({ amp: '&', lt: '<', gt: '>', quot: '"', '#039': "'", '#8217': '’' })[name]!,
  )
const names = (records: { name?: string; slug?: string }[], key: 'name' | 'slug' = 'slug') =>
  records.map((record) => record[key]).sort()
const total = (result: TecImportResult, resource: keyof TecImportResult['counts']) => {
  const { created, updated, unchanged } = result.counts[resource]
  return created + updated + unchanged
}

/** The imported record of a source record, as the namespace answers it. */
async function imported(
  collection: 'events' | 'venues' | 'organizers',
  globalId: string,
  language = 'en',
) {
  const { docs } = await server.payload.find({
    collection,
    where: { importKey: { equals: globalId } },
    depth: 0,
  })
  expect(docs).toHaveLength(1)
  return get(`/${collection}/${docs[0].id}?ml_language=${language}`)
}

describe('importing a site of the original', () => {
  let first: TecImportResult

  test('reads every page of every list, politely, and imports every record', async () => {
    first = await importSite()
    expect(first.namespace).toBe(`${site.url}/wp-json/tribe/events/v1`)
    for (const resource of ['categories', 'tags', 'venues', 'organizers', 'events'] as const) {
      expect(first.counts[resource]).toMatchObject({
        created: expect.any(Number),
        updated: 0,
        unchanged: 0,
        failed: 0,
      })
      expect(total(first, resource)).toBeGreaterThanOrEqual(site.records[resource].length)
    }
    expect(first.counts.events.created).toBe(site.records.events.length)
    // More than one page each (the site's page size is its own, 10, for terms' next links), the retries included.
    expect(
      site.requests.filter((request) => /^\/wp-json\/tribe\/events\/v1\/events\/?\?/.test(request))
        .length,
    ).toBeGreaterThan(2)
    expect(site.faultsLeft()).toBe(0)
    expect(site.mostInFlight).toBe(1)
    expect(
      [...site.userAgents].every((agent) => agent.startsWith('payload-events-calendar/')),
    ).toBe(true)
    const eventUrl = (title: string) =>
      `${site.url}/wp-json/tribe/events/v1/events/${site.records.events.find((event) => event.title === title)!.id}`
    expect(first.failures).toEqual([
      {
        resource: 'events',
        url: eventUrl('Summer Concert'),
        message:
          'image http://192.0.2.1/wp-content/uploads/elsewhere.png is not on the site being imported; it is left out',
      },
      {
        resource: 'events',
        url: eventUrl('Secret Show'),
        message:
          'password-protected on the source: only its title and times are public, and it is imported unprotected',
      },
    ])
  })

  test('each event reads as the captures show it, with its dates, costs, flags and links', async () => {
    for (const source of site.records.events) {
      const ours = await imported('events', source.global_id)
      const blanked = source.all_day === null
      expect(ours).toMatchObject({
        title: source.title,
        slug: source.slug,
        utc_start_date: source.utc_start_date,
        utc_end_date: source.utc_end_date,
        start_date: source.start_date,
        timezone: source.timezone,
        cost: source.cost,
        ...(blanked
          ? {}
          : {
              all_day: source.all_day,
              featured: source.featured,
              sticky: source.sticky,
              hide_from_listings: source.hide_from_listings,
              // Without a website of its own an event answers its own address, there as here.
              website: source.website === source.url ? ours.url : source.website,
            }),
      })
      expect(ours.description).toBe(source.description)
      const venues = (value: any) =>
        (Array.isArray(value) ? value : [value]).map((venue: any) => venue.venue)
      expect(venues(ours.venue)).toEqual(venues(source.venue))
      expect(ours.organizer.map((organizer: any) => organizer.organizer)).toEqual(
        source.organizer.map((organizer: any) => organizer.organizer),
      )
      expect(names(ours.categories)).toEqual(names(source.categories))
      expect(names(ours.tags)).toEqual(names(source.tags))
    }
  })

  test('venues, organizers and terms keep their fields, terms their parents', async () => {
    for (const source of site.records.venues) {
      expect(await imported('venues', source.global_id)).toMatchObject(
        Object.fromEntries(
          [
            'venue',
            'slug',
            'address',
            'city',
            'country',
            'state',
            'zip',
            'phone',
            'website',
          ].flatMap((key) => (source[key] ? [[key, source[key]]] : [])),
        ),
      )
    }
    for (const source of site.records.organizers) {
      expect(await imported('organizers', source.global_id)).toMatchObject(
        Object.fromEntries(
          ['organizer', 'slug', 'email', 'phone', 'website'].flatMap((key) =>
            source[key] ? [[key, source[key]]] : [],
          ),
        ),
      )
    }
    const categories = (await get('/categories?per_page=50&hide_empty=0')).categories
    for (const source of site.records.categories) {
      const ours = categories.find((term: any) => term.slug === source.slug)
      expect(ours).toMatchObject({ name: decode(source.name), description: source.description })
      const parent = site.records.categories.find((term) => term.id === source.parent)
      expect(parent ? categories.find((term: any) => term.id === ours.parent)?.slug : 0).toBe(
        parent ? parent.slug : ours.parent,
      )
    }
    expect(names((await get('/tags?per_page=50&hide_empty=0')).tags)).toEqual(
      names(site.records.tags),
    )
  })

  test('other languages become the locales of the same records, also when the source numbers them apart', async () => {
    const jazz = site.records.events.find((event) => event.title === 'Jazz Night')!
    expect((await imported('events', jazz.global_id, 'zh-hant')).title).toBe('Jazz Night（夜裏）')
    expect((await imported('events', jazz.global_id, 'en')).title).toBe('Jazz Night')
    const music = (await get('/categories?slug=music&ml_language=zh-hant')).categories[0]
    expect(music.name).toBe('Music（繁）')
    expect(await server.payload.count({ collection: 'events' })).toEqual({
      totalDocs: site.records.events.length,
    })
  })

  test('images on the site are downloaded into the media collection', async () => {
    const jazz = await imported(
      'events',
      site.records.events.find((event) => event.title === 'Jazz Night')!.global_id,
    )
    expect(jazz.image).toMatchObject({ extension: 'png', width: 1, height: 1 })
    const media = await server.payload.find({ collection: 'media', depth: 0 })
    expect(media.totalDocs).toBe(1)
  })

  test('a second run changes nothing; a changed record is updated, a dry run only says so', async () => {
    const again = await importSite()
    for (const resource of ['categories', 'tags', 'venues', 'organizers', 'events'] as const) {
      expect(again.counts[resource]).toEqual({
        created: 0,
        updated: 0,
        unchanged: total(first, resource),
        failed: 0,
      })
    }
    const source = site.records.events.find((event) => event.title === 'Summer Concert')!
    source.title = 'Summer Concert on the Lawn'
    const dry = await importSite({ dryRun: true })
    expect(dry.counts.events).toEqual({
      created: 0,
      updated: 1,
      unchanged: site.records.events.length - 1,
      failed: 0,
    })
    expect((await imported('events', source.global_id)).title).toBe('Summer Concert')

    const changed = await importSite()
    expect(changed.counts.events).toEqual({
      created: 0,
      updated: 1,
      unchanged: site.records.events.length - 1,
      failed: 0,
    })
    expect((await imported('events', source.global_id)).title).toBe('Summer Concert on the Lawn')
    expect((await server.payload.find({ collection: 'media', depth: 0 })).totalDocs).toBe(1)
  })

  test('npm run import:tec prints what a run would do, per resource, and writes nothing with --dry-run', async () => {
    const result = await runScript(
      'import:tec',
      ['--url', site.url, '--languages', 'en,zh-hant', '--dry-run'],
      server.database.uri,
    )
    expect(result.stderr).not.toMatch(/error/i)
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`Would import ${site.url}/wp-json/tribe/events/v1`)
    expect(result.stdout).toMatch(
      new RegExp(`events\\s*│\\s*0\\s*│\\s*0\\s*│\\s*${site.records.events.length}\\s*│\\s*0`),
    )
    expect(result.stdout).toContain('password-protected on the source')
  })

  test('without --languages, a site that names none of its languages is read in its default one, as the run says first', async () => {
    const result = await runScript(
      'import:tec',
      ['--url', site.url, '--dry-run'],
      server.database.uri,
    )
    expect(result.code).toBe(0)
    const said = result.stdout.indexOf(
      'Languages: the site does not say which it serves, so its default language is read into en; ' +
        'ask for others with --languages',
    )
    expect(said).toBeGreaterThanOrEqual(0)
    expect(said).toBeLessThan(result.stdout.indexOf('Would import'))
  })

  test('a record that cannot be written is reported with its source URL, and the run goes on', async () => {
    const broken = {
      ...site.records.events[0],
      id: 999,
      global_id: `${new URL(site.url).hostname}?id=999`,
      slug: 'broken',
      title: '',
    }
    site.records.events.push(broken)
    try {
      const result = await importSite()
      expect(result.counts.events).toMatchObject({ created: 0, failed: 1 })
      expect(result.failures).toContainEqual({
        resource: 'events',
        url: `${site.url}/wp-json/tribe/events/v1/events/999`,
        message: expect.stringMatching(/title/i),
      })
    } finally {
      site.records.events.pop()
    }
  })

  test("a Pro site's occurrences (ids from 10,000,000, one slug) become one recurring event with extra dates, once", async () => {
    const model = site.records.events[0]
    const hostname = new URL(site.url).hostname
    const days = ['2027-04-06', '2027-04-13', '2027-04-22']
    const occurrences = days.map((day, index) => {
      const id = 10_000_101 + index
      const utc = (hour: number) =>
        new Date(Date.parse(`${day}T23:00:00Z`) + hour * 3_600_000)
          .toISOString()
          .slice(0, 19)
          .replace('T', ' ')
      return {
        ...model,
        id,
        global_id: `${hostname}?id=${id}`,
        global_id_lineage: [`${hostname}?id=${id}`],
        title: 'Pro Weekly Class',
        slug: 'pro-weekly-class',
        url: `${site.url}/event/pro-weekly-class/${day}/`,
        website: `${site.url}/event/pro-weekly-class/${day}/`,
        all_day: false,
        timezone: 'America/New_York',
        start_date: `${day} 19:00:00`,
        end_date: `${day} 20:15:00`,
        utc_start_date: utc(0),
        utc_end_date: utc(1.25),
      }
    })
    site.records.events.push(...occurrences)
    try {
      const before = await server.payload.count({ collection: 'events' })
      const result = await importSite()
      expect(result.counts.events.created).toBe(1)
      expect((await server.payload.count({ collection: 'events' })).totalDocs).toBe(
        before.totalDocs + 1,
      )
      const { docs } = await server.payload.find({
        collection: 'events',
        where: { importKey: { equals: `${hostname}?series=pro-weekly-class` } },
        depth: 0,
      })
      expect(docs.map((doc) => [doc.slug, doc.recurrence])).toEqual([
        [
          'pro-weekly-class',
          { rule: null, rdates: ['2027-04-13T19:00:00', '2027-04-22T19:00:00'], exdates: [] },
        ],
      ])
      for (const [language, title] of [
        ['en', 'Pro Weekly Class'],
        ['zh-hant', 'Pro Weekly Class（夜裏）'],
      ]) {
        const listed = await get(`/events?include=${docs[0]!.id}&ml_language=${language}`)
        expect(
          listed.events.map((event: any) => [event.title, event.start_date, event.end_date]),
        ).toEqual(days.map((day) => [title, `${day} 19:00:00`, `${day} 20:15:00`]))
      }
      expect((await importSite()).counts.events).toMatchObject({ created: 0, updated: 0 })
    } finally {
      site.records.events.splice(-occurrences.length)
    }
  })
})

describe('Chinese in one script or in both', () => {
  const jazz = () => site.records.events.find((event) => event.title === 'Jazz Night')!
  const stored = async () =>
    (
      await server.payload.find({
        collection: 'events',
        where: { importKey: { equals: jazz().global_id } },
        depth: 0,
        select: { chineseConversions: true },
      })
    ).docs[0] as { chineseConversions?: Record<string, Record<string, unknown>> | null }

  test('a site written in one script gives the other script converted, marked as converted', async () => {
    expect((await imported('events', jazz().global_id, 'zh-hans')).title).toBe('Jazz Night（夜里）')
    expect((await stored()).chineseConversions?.['zh-hans']?.title).toEqual({
      from: 'zh-hant',
      variant: 'tw',
    })
    const music = (await get('/categories?slug=music&ml_language=zh-hans')).categories[0]
    expect(music.name).toBe('Music（繁）')
  })

  test('a site written in both keeps each as written, where a conversion would differ', async () => {
    const result = await importSite({ languages: ['en', 'zh-hans', 'zh-hant'] })
    expect(result.counts.events.failed).toBe(0)
    expect((await imported('events', jazz().global_id, 'zh-hant')).title).toBe('Jazz Night（夜裏）')
    expect((await imported('events', jazz().global_id, 'zh-hans')).title).toBe('Jazz Night（夜里）')
    expect((await stored()).chineseConversions?.['zh-hans']?.title).toBeUndefined()
    expect((await stored()).chineseConversions?.['zh-hant']?.title).toBeUndefined()
    const music = (await get('/categories?slug=music&ml_language=zh-hans')).categories[0]
    expect(music.name).toBe('Music（简）')

    await server.payload.delete({
      collection: 'events',
      where: { importKey: { equals: jazz().global_id } },
    })
    await importSite({ languages: ['en', 'zh-hans', 'zh-hant'] })
    expect((await imported('events', jazz().global_id, 'zh-hant')).title).toBe('Jazz Night（夜裏）')
    expect((await stored()).chineseConversions?.['zh-hant']?.title).toBeUndefined()
  })
})
