/**
 * Simplified and Traditional Chinese kept in step (docs/api.md#chinese-in-two-scripts), with the default locales
 * (`zh-hans`, and `zh-hant` in Taiwan's standard characters): a write in one script fills the other where it is
 * empty or a conversion, marked as such; the source's later edits are followed; a value someone wrote in the other
 * script is never overwritten; rich text keeps its structure; `search` finds records in either script.
 */
import { startTestServer, type TestServer } from '../helpers/server.js'
import { registerFirstUser } from '../helpers/users.js'

const NS = '/api/calendar/events/v1'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer()
  admin = await registerFirstUser(server)
})
afterAll(() => server?.stop())

const request = (path: string, init: Parameters<TestServer['request']>[1] = {}) =>
  server.request(`${NS}${path}`, { token: admin, ...init })

async function createEvent(language: string, body: object) {
  const created = await request(`/events?ml_language=${language}`, {
    method: 'POST',
    body: {
      status: 'publish',
      start_date: '2027-03-09 19:00:00',
      end_date: '2027-03-09 21:00:00',
      ...body,
    },
  })
  expect([created.status, created.body.code]).toEqual([201, undefined])
  return created.body.id as number
}

const read = async (id: number, language: string) =>
  (await request(`/events/${id}?ml_language=${language}`)).body

const conversionsOf = async (id: number) =>
  (
    (await server.payload.findByID({
      collection: 'events',
      id,
      depth: 0,
      overrideAccess: true,
    })) as { chineseConversions?: unknown }
  ).chineseConversions

test('an event written in Simplified Chinese reads in Traditional, marked as converted; English is left alone', async () => {
  const id = await createEvent('zh-hans', {
    title: '软件开发工作坊',
    excerpt: '在香港文化中心举办的免费讲座，欢迎带上笔记本电脑。',
  })
  await expect(read(id, 'zh-hant')).resolves.toMatchObject({
    title: '軟件開發工作坊',
    excerpt: '<p>在香港文化中心舉辦的免費講座，歡迎帶上筆記本電腦。</p>',
  })
  await expect(conversionsOf(id)).resolves.toEqual({
    'zh-hant': {
      title: { from: 'zh-hans', variant: 'tw' },
      excerpt: { from: 'zh-hans', variant: 'tw' },
    },
  })
  // English has no value of its own: it reads the default language, as before.
  const english = await server.payload.findByID({
    collection: 'events',
    id,
    locale: 'en',
    fallbackLocale: false,
    depth: 0,
    overrideAccess: true,
  })
  expect(english.title ?? null).toBeNull()
})

test('converted text follows its source; text written in the other script is its own and is never overwritten', async () => {
  const id = await createEvent('zh-hans', { title: '音乐会', excerpt: '古典音乐' })
  expect((await read(id, 'zh-hant')).title).toBe('音樂會')

  await request(`/events/${id}?ml_language=zh-hans`, {
    method: 'PUT',
    body: { title: '爵士音乐会' },
  })
  expect((await read(id, 'zh-hant')).title).toBe('爵士音樂會')

  // An editor writes the Traditional title: it is theirs from now on.
  await request(`/events/${id}?ml_language=zh-hant`, { method: 'PUT', body: { title: '爵士之夜' } })
  await request(`/events/${id}?ml_language=zh-hans`, {
    method: 'PUT',
    body: { title: '新年爵士音乐会', excerpt: '爵士乐' },
  })
  await expect(read(id, 'zh-hant')).resolves.toMatchObject({
    title: '爵士之夜',
    excerpt: '<p>爵士樂</p>',
  })
  await expect(conversionsOf(id)).resolves.toEqual({
    'zh-hant': { excerpt: { from: 'zh-hans', variant: 'tw' } },
  })
  // A later edit of the Traditional excerpt that leaves the title alone keeps the title the editor's own.
  await request(`/events/${id}?ml_language=zh-hant`, {
    method: 'PUT',
    body: { excerpt: '爵士樂之夜' },
  })
  await request(`/events/${id}?ml_language=zh-hans`, { method: 'PUT', body: { excerpt: '蓝调' } })
  await expect(read(id, 'zh-hant')).resolves.toMatchObject({
    title: '爵士之夜',
    excerpt: '<p>爵士樂之夜</p>',
  })
  await expect(conversionsOf(id)).resolves.toBeNull()
})

test('text written in Traditional Chinese fills Simplified; a conversion is never converted back', async () => {
  const id = await createEvent('zh-hant', { title: '臺北網路研討會' })
  expect((await read(id, 'zh-hans')).title).toBe('台北网路研讨会')
  await expect(conversionsOf(id)).resolves.toEqual({
    'zh-hans': { title: { from: 'zh-hant', variant: 'tw' } },
  })
  // Saving the Simplified form as it is (as the admin does) changes nothing and keeps it a conversion.
  await request(`/events/${id}?ml_language=zh-hans`, {
    method: 'PUT',
    body: { title: '台北网路研讨会' },
  })
  expect((await read(id, 'zh-hant')).title).toBe('臺北網路研討會')
  await expect(conversionsOf(id)).resolves.toEqual({
    'zh-hans': { title: { from: 'zh-hant', variant: 'tw' } },
  })
})

test('rich text converts its words only: headings, marks and links stay as written', async () => {
  const id = await createEvent('zh-hans', {
    title: '展览',
    description:
      '<h2>展览简介</h2><p>欢迎<strong>免费</strong>参观，详情见 <a href="https://example.org/软件?q=发展">官方网站</a>。</p><ul><li>视频导览</li></ul>',
  })
  const traditional = (await read(id, 'zh-hant')).description as string
  expect(traditional).toContain('<h2>展覽簡介</h2>')
  expect(traditional).toContain('歡迎<strong>免費</strong>參觀')
  expect(traditional).toContain('href="https://example.org/软件?q=发展"')
  expect(traditional).toContain('>官方網站</a>')
  expect(traditional).toMatch(/<li[^>]*>視頻導覽<\/li>/)
})

test('clearing the source clears what was converted from it', async () => {
  const id = await createEvent('zh-hans', { title: '讲座', excerpt: '摘要' })
  await request(`/events/${id}?ml_language=zh-hans`, { method: 'PUT', body: { excerpt: '' } })
  const stored = await server.payload.findByID({
    collection: 'events',
    id,
    locale: 'zh-hant',
    fallbackLocale: false,
    depth: 0,
    overrideAccess: true,
  })
  expect([stored.title, stored.excerpt ?? null]).toEqual(['講座', null])
})

test('venues, organizers and categories are kept in step too', async () => {
  const venue = await request('/venues?ml_language=zh-hant', {
    method: 'POST',
    body: { venue: '臺北表演藝術中心', city: '臺北', status: 'publish' },
  })
  expect(venue.status).toBe(201)
  await expect(
    request(`/venues/${venue.body.id}?ml_language=zh-hans`).then((answer) => answer.body),
  ).resolves.toMatchObject({ venue: '台北表演艺术中心', city: '台北' })
  const organizer = await request('/organizers?ml_language=zh-hans', {
    method: 'POST',
    body: { organizer: '乌鲁木齐音乐协会', status: 'publish' },
  })
  await expect(
    request(`/organizers/${organizer.body.id}?ml_language=zh-hant`).then((answer) => answer.body),
  ).resolves.toMatchObject({ organizer: '烏魯木齊音樂協會' })
  const category = await request('/categories?ml_language=zh-hans', {
    method: 'POST',
    body: { name: '网络研讨会' },
  })
  await expect(
    request(`/categories/${category.body.id}?ml_language=zh-hant`).then((answer) => answer.body),
    // Taiwan's characters, not its words: 网络 is 網絡 (`twp` would write 網路).
  ).resolves.toMatchObject({ name: '網絡研討會' })
})

test('search finds a record in either script, whichever it was written in', async () => {
  const simplified = await createEvent('zh-hans', { title: '民族音乐节' })
  const traditional = await createEvent('zh-hant', { title: '廣東粵劇欣賞' })
  for (const [query, id] of [
    ['音乐节', simplified],
    ['音樂節', simplified],
    ['广东粤剧', traditional],
    ['廣東粵劇', traditional],
  ] as const) {
    const { body } = await request(
      `/events?search=${encodeURIComponent(query)}&start_date=2027-01-01`,
    )
    expect([query, body.events?.map((event: { id: number }) => event.id)]).toEqual([query, [id]])
  }
  const venues = await request(
    `/venues?search=${encodeURIComponent('表演艺术')}&ml_language=zh-hant`,
  )
  expect(venues.body.venues?.map((venue: { venue: string }) => venue.venue)).toEqual([
    '臺北表演藝術中心',
  ])
})

test("the admin's actions: a conversion becomes the editor's own, and own text is converted again", async () => {
  const id = await createEvent('zh-hans', { title: '讲座', excerpt: '信息技术' })
  const act = (body: object, token: string | undefined = admin) =>
    server.request(`/api/events/${server.payloadId(id)}/chinese`, { token, body })

  const own = await act({ locale: 'zh-hant', action: 'own', fields: ['title'] })
  expect([own.status, own.body]).toEqual([
    200,
    { chineseConversions: { 'zh-hant': { excerpt: { from: 'zh-hans', variant: 'tw' } } } },
  ])
  await request(`/events/${id}?ml_language=zh-hans`, { method: 'PUT', body: { title: '专题讲座' } })
  expect((await read(id, 'zh-hant')).title).toBe('講座')

  const again = await act({ locale: 'zh-hant', action: 'convert' })
  expect(again.status).toBe(200)
  expect(again.body.chineseConversions['zh-hant']).toEqual({
    title: { from: 'zh-hans', variant: 'tw' },
    excerpt: { from: 'zh-hans', variant: 'tw' },
  })
  expect((await read(id, 'zh-hant')).title).toBe('專題講座')

  expect((await act({ locale: 'en', action: 'own' })).status).toBe(400)
  expect((await act({ locale: 'zh-hant', action: 'translate' })).status).toBe(400)
  expect((await act({ locale: 'zh-hant', action: 'own', fields: ['status'] })).status).toBe(400)
  expect([401, 403]).toContain((await act({ locale: 'zh-hant', action: 'own' }, '')).status)
})

test("one occurrence's own title is kept in step too", async () => {
  const id = await createEvent('zh-hans', {
    title: '瑜伽课',
    recurrence: 'FREQ=WEEKLY;COUNT=3',
  })
  const { body } = await request(`/events?include=${id}&start_date=2027-01-01`)
  const second = body.events[1].id
  const written = await request(`/events/${second}?ml_language=zh-hans`, {
    method: 'POST',
    body: { title: '户外瑜伽课' },
  })
  expect(written.status).toBe(200)
  expect((await read(second, 'zh-hant')).title).toBe('戶外瑜伽課')
  expect((await read(body.events[0].id, 'zh-hant')).title).toBe('瑜伽課')
})
