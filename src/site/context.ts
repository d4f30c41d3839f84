import type { ComponentType } from 'react'

import type { EventObject } from '../serialize/wire.js'
import type { AddressBook, SitePage } from './addresses.js'
import type { SiteMessages } from './messages.js'

import { pathOfPage } from './addresses.js'

/** Parts of the pages a site may replace with its own (README, "Show the calendar on your site"). */
export type CalendarParts = {
  /** An event in a list, a day or the list of a venue: its title, time, venue, excerpt, cost and categories. */
  EventCard: ComponentType<{ event: EventObject; page: PageContext }>
  /** The body of an event's page below its title and dates: image, description, details, venue, organizers. */
  EventBody: ComponentType<{ event: EventObject; page: PageContext }>
}

/** What every part of a page is rendered with. */
export type PageContext = {
  locale: string
  /** The `Intl` language tag of the page (`zh-Hant-TW`). */
  tag: string
  messages: SiteMessages
  book: AddressBook
  /** The first day of a week in the month view: 0 Sunday, 1 Monday. */
  weekStartsOn: 0 | 1
  /** Today in the site's zone, `yyyy-MM-dd`. */
  today: string
  /** The namespace's root URL, for the iCalendar links. */
  namespaceURL: string
  /** The site's address, for subscription links. */
  serverURL: string
  /** Each category's path by its slug (`jazz` → `music/jazz`), for links to its archive. */
  categoryPaths: Record<string, string>
  parts: CalendarParts
}

/** The site path of a page in the page's language. */
export const hrefOf = (page: PageContext, target: SitePage) =>
  pathOfPage(target, page.locale, page.book)

/** The path of an answer's absolute `url` (the site's own pages are linked by path). */
export const pathOfUrl = (url: string) => {
  const { pathname, search } = new URL(url)
  return `${pathname}${search}`
}
