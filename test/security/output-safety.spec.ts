import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'
/** Markup and quotes in every plain-text value a client can write. */
const EVIL = `<b onclick="x()">'Bold'</b> & co`
const ESCAPED = '&lt;b onclick=&quot;x()&quot;&gt;&#039;Bold&#039;&lt;/b&gt; &amp; co'
/** Rich text with everything a sanitiser must drop, and what it must keep. */
const RICH = [
  '<p onclick="steal()">Hello <a href="javascript:alert(1)">js</a> <a href="JaVaScRiPt:alert(2)">mixed</a>',
  '<a href="jav&#x61;script:alert(3)">entity</a> <a href="java\tscript:alert(4)">tab</a> <a href="data:text/html,x">data</a>',
  '<a href="https://ok.example/a?b=1">kept</a><img src=x onerror="alert(5)"></p>',
  '<script>alert(6)</script><style>body{display:none}</style><iframe src="https://evil.example/"></iframe>',
  '<svg onload="alert(7)"><circle/></svg><form action="https://evil.example/"><input name="q"></form>',
].join('')

let server: TestServer
let admin: string
const ids: Record<string, number> = {}

beforeAll(async () => {
  server = await startTestServer({ timezone: 'America/New_York' })
  admin = await registerFirstUser(server)
  const write = async (path: string, body: Record<string, unknown>) => {
    const { status, body: written } = await server.request(`${NS}${path}`, { body, token: admin })
    if (status !== 201) throw new Error(`${path} answered ${status}: ${JSON.stringify(written)}`)
    return written.id as number
  }
  ids.category = await write('/categories', { name: EVIL, description: EVIL })
  ids.tag = await write('/tags', { name: `${EVIL} tag`, description: EVIL })
  ids.event = await write('/events', {
    title: EVIL,
    excerpt: EVIL,
    description: RICH,
    start_date: '2027-03-05 20:00',
    end_date: '2027-03-05 22:00',
    status: 'publish',
    cost: `${EVIL} 5`,
    currency_symbol: '<$>',
    currency_code: '"X"',
    website: `https://example.com/?a=1&b="><script>`,
    categories: [ids.category],
    tags: [ids.tag],
    venue: Object.fromEntries(
      ['venue', 'address', 'city', 'country', 'province', 'state', 'zip', 'phone'].map((field) => [
        field,
        EVIL,
      ]),
    ),
    organizer: [
      {
        organizer: EVIL,
        phone: EVIL,
        email: `<a>"o'hara"@example.com`,
        website: 'https://example.com/?q=<x>',
      },
    ],
  })
  const { body } = await server.request(`${NS}/events/${ids.event}`)
  ids.venue = body.venue.id
  ids.organizer = body.organizer[0].id
  await server.request(`${NS}/venues/${ids.venue}`, {
    method: 'PATCH',
    body: { description: RICH, website: 'https://example.com/?v=<x>' },
    token: admin,
  })
  await server.request(`${NS}/organizers/${ids.organizer}`, {
    method: 'PATCH',
    body: { description: RICH },
    token: admin,
  })
})
afterAll(() => server?.stop())

/** Every string of a response with its path, e.g. `venue.json_ld.address.streetAddress`. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]]
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      strings(item, path ? `${path}.${key}` : key),
    )
  }
  return []
}

/** Descriptions and excerpts of events, venues and organizers are HTML; a term's description is plain text. */
const isHtml = (route: string, field: string) =>
  !/^\/(categories|tags)/.test(route) &&
  /(^|\.)(description|excerpt)$/.test(field) &&
  !/(categories|tags)\.\d+\.description$/.test(field)
/** json_ld names and descriptions are `esc_js`-escaped as in the original: `'` is backslash-escaped there. */
const ESC_JS_FIELD = /json_ld(\.\w+)*\.(name|description)$/

describe('plain text is HTML-escaped in every field of every response, nested and embedded ones included', () => {
  test.each([
    ['/events'],
    ['/events/{event}'],
    ['/events/by-slug/{eventSlug}'],
    ['/venues'],
    ['/venues/{venue}'],
    ['/organizers'],
    ['/organizers/{organizer}'],
    ['/categories?hide_empty=0'],
    ['/categories/{category}'],
    ['/tags?hide_empty=0'],
    ['/tags/{tag}'],
  ])('%s', async (template) => {
    const slug = (await server.request(`${NS}/events/${ids.event}`)).body.slug
    const path = template
      .replace('{eventSlug}', slug)
      .replace(/\{(\w+)\}/, (_, name: string) => String(ids[name]))
    const { status, body } = await server.request(`${NS}${path}`)
    expect(status).toBe(200)
    const plain = strings(body).filter(([field]) => !isHtml(template, field))
    expect(plain.length).toBeGreaterThan(5)
    const unescaped = plain.filter(
      ([field, text]) => /[<>"]/.test(text) || (!ESC_JS_FIELD.test(field) && text.includes("'")),
    )
    expect(unescaped).toEqual([])
    // The escaped text is the text as written, not something stripped of it.
    expect(plain.some(([, text]) => text.includes(ESCAPED))).toBe(true)
  })

  // Plain text is HTML-escaped on output, every one of these five characters (docs/api.md, "Other differences, our
  // own choices" in #where-we-knowingly-differ-from-the-original).
  test('the exact escaping of plain text: & < > " \'', async () => {
    const { body } = await server.request(`${NS}/events/${ids.event}`)
    expect(body.title).toBe(ESCAPED)
    expect(body.excerpt).toBe(`<p>${ESCAPED}</p>`)
    expect(body.venue).toMatchObject({
      venue: ESCAPED,
      address: ESCAPED,
      city: ESCAPED,
      zip: ESCAPED,
      phone: ESCAPED,
    })
    expect(body.organizer[0]).toMatchObject({
      organizer: ESCAPED,
      phone: ESCAPED,
      email: '&lt;a&gt;&quot;o&#039;hara&quot;@example.com',
    })
    expect(body.categories[0]).toMatchObject({ name: ESCAPED, description: ESCAPED })
    expect(body.cost_details).toMatchObject({
      currency_symbol: '&lt;$&gt;',
      currency_code: '&quot;X&quot;',
    })
    expect(body.website).toBe('https://example.com/?a=1&amp;b=&quot;&gt;&lt;script&gt;')
    expect(body.json_ld.location.address.streetAddress).toBe(ESCAPED)
    expect(body.json_ld.organizer.email).not.toMatch(/[<>"']/)
  })
})

describe('rich text is sanitised on input: no scripts, event handlers or unsafe URLs reach any description', () => {
  test.each([
    ['events', 'event'],
    ['venues', 'venue'],
    ['organizers', 'organizer'],
  ])('%s', async (list, key) => {
    const { body } = await server.request(`${NS}/${list}/${ids[key]}`)
    const html: string = body.description
    expect(html).not.toMatch(
      /<script|<style|<iframe|<img|<svg|<form|<input|\son\w+\s*=|javascript:|data:text/i,
    )
    expect(html).toContain('<a href="https://ok.example/a?b=1">kept</a>')
    for (const text of ['Hello', 'js', 'mixed', 'entity', 'tab', 'data'])
      expect(html).toContain(text)
    expect(html).not.toContain('alert(6)')
    expect(html).not.toContain('display:none')
  })

  test('a website must be an http(s) URL', async () => {
    for (const website of ['javascript:alert(1)', 'data:text/html,x', '//evil.example/']) {
      const refused = await server.request(`${NS}/events/${ids.event}`, {
        method: 'PATCH',
        body: { website },
        token: admin,
      })
      expect([website, refused.status, refused.body.data.params]).toEqual([
        website,
        400,
        { website: 'Invalid parameter.' },
      ])
    }
  })
})
