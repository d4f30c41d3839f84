import type { ArchiveOf, ArchiveView } from '../addresses.js'
import type { PageContext } from '../context.js'

import { hrefOf } from '../context.js'

/** Each view as of today: the list from now, this month, today. */
const TODAY = {
  list: { view: 'list', page: 1 },
  month: { view: 'month' },
  day: { view: 'day' },
} as const

export type Current = { view: 'day' | 'list' | 'month'; day: string; past?: boolean }

/**
 * The bar above every archive: a search form that works as a plain GET (keyword, date, category), the views of the
 * same archive (list, month, day), and today.
 */
export function ArchiveBar({
  of,
  current,
  page,
  categories,
  query,
}: {
  of: ArchiveOf
  current: Current
  page: PageContext
  categories: { slug: string; name: string }[]
  query: { search?: string; date?: string; category?: string }
}) {
  const { messages: m } = page
  // The other views keep what the visitor searched for.
  const kept = new URLSearchParams({
    ...(query.search ? { 'tribe-bar-search': query.search } : {}),
    ...(query.category ? { tribe_eventcategory: query.category } : {}),
  }).toString()
  const href = (target: ArchiveView) =>
    `${hrefOf(page, { kind: 'archive', of, ...target })}${kept ? `?${kept}` : ''}`
  const views = [
    ['list', m.list, href({ view: 'list', page: 1 })],
    ['month', m.month, href({ view: 'month', month: current.day.slice(0, 7) })],
    ['day', m.day, href({ view: 'day', day: current.day })],
  ] as const
  return (
    <div className="pec-bar">
      <form className="pec-bar__search" method="get" role="search" aria-label={m.search}>
        <label className="pec-field">
          <span className="pec-field__label">{m.keyword}</span>
          <input type="search" name="tribe-bar-search" defaultValue={query.search ?? ''} />
        </label>
        <label className="pec-field">
          <span className="pec-field__label">{m.date}</span>
          <input type="date" name="tribe-bar-date" defaultValue={query.date ?? ''} />
        </label>
        {of.kind === 'all' && categories.length ? (
          <label className="pec-field">
            <span className="pec-field__label">{m.category}</span>
            <select name="tribe_eventcategory" defaultValue={query.category ?? ''}>
              <option value="">{m.anyCategory}</option>
              {categories.map((category) => (
                <option key={category.slug} value={category.slug}>
                  {category.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="submit" className="pec-button">
          {m.find}
        </button>
      </form>
      <nav className="pec-bar__views" aria-label={m.views}>
        <ul>
          {views.map(([view, label, href]) => (
            <li key={view}>
              <a href={href} aria-current={current.view === view ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
          <li>
            <a href={href(TODAY[current.view])}>{page.messages.today}</a>
          </li>
        </ul>
      </nav>
    </div>
  )
}

/** Links to the previous and next page of a list, or month, or day. */
export function Pager({
  label,
  previous,
  next,
}: {
  label: string
  previous?: { href: string; text: string }
  next?: { href: string; text: string }
}) {
  if (!previous && !next) return null
  return (
    <nav className="pec-pager" aria-label={label}>
      {previous ? (
        <a className="pec-pager__previous" href={previous.href} rel="prev">
          {previous.text}
        </a>
      ) : null}
      {next ? (
        <a className="pec-pager__next" href={next.href} rel="next">
          {next.text}
        </a>
      ) : null}
    </nav>
  )
}
