import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html'

import type { RichText } from '../core/model.js'

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#039;',
}

/** Plain text (titles, names) for an HTML context, as WordPress's `esc_html` writes it. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] as string)
}

/** `escapeHtml` for fields that may be empty; empty stays as it is, for the original's `array_filter`. */
export const escapeOptional = <T extends string | null | undefined>(text: T): T =>
  text ? (escapeHtml(text) as T) : text

/**
 * wpautop for text that is already HTML-safe: blank-line separated blocks become `<p>…</p>\n`, single newlines
 * `<br />`. The trailing newline is the original's; callers that emit post fields trim it.
 */
export function autop(html: string): string {
  return html
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${block.replace(/\n/g, '<br />\n')}</p>\n`)
    .join('')
}

/**
 * Lexical rich text as the original's `the_content` output: one element per top-level block, joined by `\n`
 * the way wpautop separates paragraphs; `""` when there is no text.
 */
export function richTextToHtml(state: RichText): string {
  const root = state?.root
  if (!root?.children?.length) return ''
  return root.children
    .map((child) =>
      convertLexicalToHTML({
        data: { root: { ...root, children: [child] } },
        disableContainer: true,
      }),
    )
    .filter(Boolean)
    .join('\n')
}

/** A stored plain-text excerpt as the original's `the_excerpt` output: `"<p>…</p>"`, or `""`. */
export function excerptHtml(text: string | null | undefined): string {
  return autop(escapeHtml(text ?? '')).trim()
}
