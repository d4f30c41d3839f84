import { parseHTML } from 'linkedom'

const BLOCKS = 'p, div, li, h1, h2, h3, h4, h5, h6, blockquote, pre, tr'

/** Plain text of an answer's HTML (titles are entity-escaped, descriptions are paragraphs): blocks as lines. */
export function htmlToText(html: string): string {
  if (!html) return ''
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`)
  for (const br of document.querySelectorAll('br')) br.replaceWith('\n')
  for (const block of document.querySelectorAll(BLOCKS)) block.append('\n\n')
  return (document.body.textContent ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
