import { DEFAULT_URL_TEMPLATES } from '../../src/core/constants.js'
import {
  type AddressBook,
  pageOfPath,
  pathOfPage,
  type SitePage,
} from '../../src/site/addresses.js'

const book: AddressBook = {
  urls: DEFAULT_URL_TEMPLATES,
  locales: ['en', 'zh-hans', 'zh-hant'],
  defaultLocale: 'en',
  defaultView: 'list',
}
const all = { kind: 'all' } as const

describe("the calendar's page addresses", () => {
  test.each<[string, SitePage, string?]>([
    ['/events/', { kind: 'archive', of: all, view: 'list', page: 1 }],
    ['/events/list/page/3/', { kind: 'archive', of: all, view: 'list', page: 3 }],
    ['/events/month/', { kind: 'archive', of: all, view: 'month' }],
    ['/events/month/2027-03/', { kind: 'archive', of: all, view: 'month', month: '2027-03' }],
    ['/events/today/', { kind: 'archive', of: all, view: 'day' }],
    ['/events/2027-03-05/', { kind: 'archive', of: all, view: 'day', day: '2027-03-05' }],
    [
      '/events/category/music/jazz/month/2027-03/',
      {
        kind: 'archive',
        of: { kind: 'category', path: 'music/jazz' },
        view: 'month',
        month: '2027-03',
      },
    ],
    [
      '/events/category/music/jazz/',
      { kind: 'archive', of: { kind: 'category', path: 'music/jazz' }, view: 'list', page: 1 },
    ],
    [
      '/events/tag/free/2027-03-05/',
      { kind: 'archive', of: { kind: 'tag', slug: 'free' }, view: 'day', day: '2027-03-05' },
    ],
    ['/event/jazz-night/', { kind: 'event', slug: 'jazz-night' }],
    ['/event/yoga/2027-01-05/', { kind: 'event', slug: 'yoga', occurrence: '2027-01-05' }],
    ['/venue/blue-note/', { kind: 'venue', slug: 'blue-note' }],
    ['/organizer/alice/', { kind: 'organizer', slug: 'alice' }],
  ])('%s is read back as the page it names, and written back the same', (path, page) => {
    expect(pageOfPath(path, book)).toEqual({ locale: 'en', page })
    expect(pathOfPage(page, 'en', book)).toBe(path)
    expect(pageOfPath(`/zh-hant${path}`, book)).toEqual({ locale: 'zh-hant', page })
    expect(pathOfPage(page, 'zh-hant', book)).toBe(`/zh-hant${path}`)
  })

  test('a path without its trailing slash, and percent-encoded slugs, name the same page', () => {
    expect(pageOfPath('/event/jazz-night', book)?.page).toEqual({
      kind: 'event',
      slug: 'jazz-night',
    })
    expect(pageOfPath('/event/%E7%88%B5%E5%A3%AB/', book)?.page).toEqual({
      kind: 'event',
      slug: '爵士',
    })
    expect(pathOfPage({ kind: 'event', slug: '爵士' }, 'en', book)).toBe(
      '/event/%E7%88%B5%E5%A3%AB/',
    )
  })

  test.each([
    '/',
    '/about/',
    '/events/month/2027-13/',
    '/events/2027-02-30x/',
    '/events/list/page/0/',
    '/events/whatever/',
    '/event/',
    '/event/a/b/c/',
    '/en/events/',
    '/fr/events/',
    '/venue/%E0%A4%A/',
  ])('%s is no page of the calendar', (path) => {
    expect(pageOfPath(path, book)).toBeNull()
  })

  test("a site's own templates and default view move the pages with them", () => {
    const own: AddressBook = {
      ...book,
      defaultView: 'month',
      urls: {
        ...DEFAULT_URL_TEMPLATES,
        events: '{serverURL}/calendar/',
        event: '{serverURL}/calendar/e/{slug}/',
        category: '{serverURL}/calendar/in/{path}/',
      },
    }
    expect(pageOfPath('/calendar/', own)?.page).toEqual({ kind: 'archive', of: all, view: 'month' })
    expect(pathOfPage({ kind: 'archive', of: all, view: 'list', page: 1 }, 'en', own)).toBe(
      '/calendar/list/',
    )
    expect(pageOfPath('/calendar/e/x/', own)?.page).toEqual({ kind: 'event', slug: 'x' })
    expect(pageOfPath('/calendar/in/a/b/list/', own)?.page).toEqual({
      kind: 'archive',
      of: { kind: 'category', path: 'a/b' },
      view: 'list',
      page: 1,
    })
    expect(pageOfPath('/event/x/', own)).toBeNull()
  })
})
