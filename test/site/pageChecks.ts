/**
 * Checks of the calendar's pages that hold on any site serving them: the development host (`pages.browser.spec.ts`)
 * and a generated Payload site (`site.spec.ts`). `base` is the site's address.
 */
import type { Browser } from 'playwright-core'

import { axeViolations } from '../helpers/axe.js'

const NS = '/api/calendar/events/v1'
export const LANGUAGES = ['en', 'zh-hans', 'zh-hant'] as const

/** An anonymous visitor's read of the namespace, as the pages read it. */
export const anonymousRead = async (base: string, pathname: string) =>
  (await (await fetch(`${base}${NS}${pathname}`)).json()) as any

export const pathOf = (absolute: string) => new URL(absolute).pathname

/** The first day of the month `offset` months from now, `yyyy-MM-dd`. */
export function monthStart(offset: number): string {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1))
    .toISOString()
    .slice(0, 10)
}

/**
 * Every `url` of the namespace's lists (events with each occurrence, venues, organizers, categories, tags) in each
 * language, fetched: each that does not answer 200 with its record's name on it, and how many were fetched.
 */
export async function pagesOfEveryUrl(base: string) {
  const failures: string[] = []
  const lists = [
    ['/events?per_page=50', 'events', 'title'],
    ['/venues?per_page=50', 'venues', 'venue'],
    ['/organizers?per_page=50', 'organizers', 'organizer'],
    ['/categories?per_page=50&hide_empty=0', 'categories', 'name'],
    ['/tags?per_page=50&hide_empty=0', 'tags', 'name'],
  ] as const
  let pages = 0
  for (const language of LANGUAGES)
    for (const [list, key, name] of lists) {
      const { [key]: records } = await anonymousRead(base, `${list}&ml_language=${language}`)
      if (!records?.length) failures.push(`${list} in ${language}: nothing listed`)
      for (const record of records ?? []) {
        const response = await fetch(record.url)
        const html = await response.text()
        pages++
        if (response.status !== 200 || !html.includes(record[name]))
          failures.push(`${record.url}: ${response.status}, ${record[name]} not on it`)
      }
    }
  return { failures, pages }
}

/** The addresses the links matching `selector` lead to, on the page at `pathname`. */
async function linksOn(browser: Browser, base: string, pathname: string, selector: string) {
  const page = await browser.newPage()
  await page.goto(`${base}${pathname}`)
  const hrefs = await page
    .locator(selector)
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  await page.close()
  return hrefs
}

/**
 * The events the list, a month (`month`, `yyyy-MM`) and a day (`day`) show, beside those the namespace lists for
 * the same window, as page paths in order (the month's as a sorted set); `zone` is the site's zone offset, e.g.
 * `+08:00`, in which the pages' windows are days.
 */
export async function viewsAndNamespace(
  browser: Browser,
  base: string,
  { month, day, zone }: { month: string; day: string; zone: string },
) {
  const paths = (answer: { events: { url: string }[] }) =>
    answer.events.map((event) => pathOf(event.url))
  const window = (from: string, to: string) =>
    anonymousRead(
      base,
      `/events?ends_after=${encodeURIComponent(`${from}${zone}`)}&starts_before=${encodeURIComponent(`${to}${zone}`)}&strict_dates=1&per_page=50`,
    )
  const now = new Date().toISOString().slice(0, 19)
  const lastOfMonth = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0))
    .toISOString()
    .slice(0, 10)
  const monthLinks = await linksOn(browser, base, `/events/month/${month}/`, '.pec-month__event a')
  return {
    list: await linksOn(browser, base, '/events/list/', '.pec-event-card__title a'),
    listed: paths(
      await anonymousRead(base, `/events?ends_after=${now}Z&strict_dates=1&per_page=10`),
    ),
    month: [...new Set(monthLinks)].sort(),
    monthListed: paths(await window(`${month}-01T00:00:00`, `${lastOfMonth}T23:59:59`)).sort(),
    day: await linksOn(browser, base, `/events/${day}/`, '.pec-event-card__title a'),
    dayListed: paths(await window(`${day}T00:00:00`, `${day}T23:59:59`)),
  }
}

/**
 * A visitor without JavaScript: from the list to the month view and the next month, a keyword search, back to the
 * list with it, and the first event found; returns that event's title as its page shows it.
 */
export async function findWithoutJavaScript(browser: Browser, base: string, keyword: string) {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  try {
    await page.goto(`${base}/events/`)
    await page.getByRole('link', { name: 'Month', exact: true }).click()
    await page.getByRole('link', { name: 'Next month' }).click()
    await page.getByLabel('Keyword').fill(keyword)
    await page.getByRole('button', { name: 'Find events' }).click()
    await page.waitForURL(new RegExp(`tribe-bar-search=${keyword}`))
    await page.getByRole('link', { name: 'List', exact: true }).click()
    // Next.js answers an address with its trailing slash by a redirect to the one without.
    await page.waitForURL(new RegExp(`/events/?\\?tribe-bar-search=${keyword}$`))
    await page.locator('.pec-event-card__title a').first().click()
    await page.getByRole('link', { name: 'Download .ics' }).waitFor()
    return {
      title: await page.locator('h1').textContent(),
      rule: (await page.locator('.pec-event__rule').count())
        ? await page.locator('.pec-event__rule').textContent()
        : null,
    }
  } finally {
    await context.close()
  }
}

/** axe-core's violations on each of `views` (paths in the default language) in each of `languages`, at `width`. */
export async function axeOnViews(
  browser: Browser,
  base: string,
  views: string[],
  languages: readonly string[],
  width: number,
) {
  const found: string[] = []
  const page = await browser.newPage({ viewport: { width, height: 900 } })
  for (const language of languages)
    for (const view of views) {
      const pathname = language === 'en' ? view : `/${language}${view}`
      await page.goto(`${base}${pathname}`)
      found.push(...(await axeViolations(page)).map((found) => `${pathname} @${width}: ${found}`))
    }
  await page.close()
  return found
}

/** A page of each kind: the list, a month, a day, an event's date, a venue, an organizer, a category, a tag. */
export async function oneOfEachView(base: string, occurrenceUrl: string): Promise<string[]> {
  const first = async (list: string, key: string) =>
    pathOf((await anonymousRead(base, list))[key][0].url)
  const occurrence = pathOf(occurrenceUrl)
  return [
    '/events/',
    `/events/month/${occurrence.match(/(\d{4}-\d{2})-\d{2}\/$/)![1]}/`,
    `/events/${occurrence.match(/(\d{4}-\d{2}-\d{2})\/$/)![1]}/`,
    occurrence,
    await first('/venues', 'venues'),
    await first('/organizers', 'organizers'),
    await first('/categories?hide_empty=0', 'categories'),
    await first('/tags?hide_empty=0', 'tags'),
  ]
}
