import type { ElementType } from 'react'

/**
 * Text as the namespace writes it: plain text HTML-escaped, descriptions sanitised HTML (docs/api.md), so it is
 * put into the page as HTML, never escaped a second time.
 */
export function Html({
  html,
  as: Tag = 'span',
  className,
}: {
  html: string
  as?: ElementType
  className?: string
}) {
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />
}
