import type { EmbeddedTerm } from '../../serialize/wire.js'
import type { PageContext } from '../context.js'

import { hrefOf } from '../context.js'
import { Html } from './Html.js'

/** An event's categories or tags as links to their archives (a category's at its full path, `music/jazz`). */
export function Terms({
  terms,
  taxonomy,
  page,
}: {
  terms: EmbeddedTerm[]
  taxonomy: 'category' | 'tag'
  page: PageContext
}) {
  if (!terms.length) return null
  const label = taxonomy === 'category' ? page.messages.categories : page.messages.tags
  return (
    <ul className={`pec-terms pec-terms--${taxonomy}`} aria-label={label}>
      {terms.map((term) => (
        <li key={term.slug}>
          <a
            href={hrefOf(page, {
              kind: 'archive',
              of:
                taxonomy === 'category'
                  ? { kind: 'category', path: page.categoryPaths[term.slug] ?? term.slug }
                  : { kind: 'tag', slug: term.slug },
              view: 'list',
              page: 1,
            })}
          >
            <Html html={term.name} />
          </a>
        </li>
      ))}
    </ul>
  )
}
