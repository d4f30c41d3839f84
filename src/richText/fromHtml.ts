import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import type { SanitizedConfig } from 'payload'

import { convertHTMLToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical'
import { parseHTML } from 'linkedom'
import sanitize from 'sanitize-html'

import { textToRichText } from './fromText.js'
import { autop } from './toHtml.js'

type EditorConfig = Awaited<ReturnType<typeof editorConfigFactory.default>>

/** The elements the description editor can hold; everything else is unwrapped (its text kept) or dropped. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
]

/** Disallowed elements whose content is dropped too, not just their tags. */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'noscript',
  'template',
  'iframe',
  'frame',
  'frameset',
  'noframes',
  'noembed',
  'object',
  'embed',
  'applet',
  'form',
  'button',
  'select',
  'datalist',
  'svg',
  'math',
  'head',
  'title',
  'canvas',
  'audio',
  'video',
]

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])

/** `href` when it is an absolute http, https or mailto URL; anything else (relative, javascript:, data:…) is unsafe. */
function safeHref(href: string | undefined): string | undefined {
  if (!href) return undefined
  try {
    return LINK_PROTOCOLS.has(new URL(href.trim()).protocol) ? href.trim() : undefined
  } catch {
    return undefined
  }
}

const SANITIZE_OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  transformTags: {
    strike: 's',
    del: 's',
    a: (tagName, attribs) => {
      const href = safeHref(attribs.href)
      return { tagName, attribs: href ? { href } : ({} as sanitize.Attributes) }
    },
  },
  // a link whose URL was refused is unwrapped, keeping its text
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
}

/** HTML reduced to the allowed elements: no scripts, styles, embeds, forms, event handlers or unsafe URLs. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, SANITIZE_OPTIONS)
}

const BLOCK = /<(?:p|h[1-6]|ul|ol|li|blockquote)\b/i

const editorConfigs = new WeakMap<SanitizedConfig, Promise<EditorConfig>>()

/** The default Lexical editor config for `config`; building it is slow, so it is made once per config. */
function editorConfigFor(config: SanitizedConfig): Promise<EditorConfig> {
  let editorConfig = editorConfigs.get(config)
  if (!editorConfig) {
    editorConfig = editorConfigFactory.default({ config })
    editorConfigs.set(config, editorConfig)
    editorConfig.catch(() => editorConfigs.delete(config))
  }
  return editorConfig
}

/** Sanitised HTML (or plain text) as Lexical rich text. `config` is Payload's sanitized config (req.payload.config). */
export async function htmlToRichText(
  html: string,
  config: SanitizedConfig,
): Promise<SerializedEditorState> {
  const input = (html ?? '').replace(/\r\n?/g, '\n')
  if (!input.includes('<')) return textToRichText(input)

  let clean = sanitizeHtml(input).trim()
  if (!clean.replace(/<[^>]*>|&nbsp;|\s/g, '')) return textToRichText('')
  // inline-only HTML keeps its blank-line paragraphs and line breaks, as WordPress's wpautop would show them
  if (!BLOCK.test(clean)) clean = autop(clean)

  const editorConfig = await editorConfigFor(config)
  return convertHTMLToLexical({
    editorConfig,
    html: clean,
    JSDOM: ParsedDocument as never,
  }) as unknown as SerializedEditorState
}

/**
 * The document Lexical's HTML import reads, in the shape of the jsdom class it is written for: linkedom parses
 * into a DOM without scripts, resources or layout, which is all an import of sanitised HTML needs.
 */
class ParsedDocument {
  readonly window: ReturnType<typeof parseHTML>

  constructor(html: string) {
    this.window = parseHTML(`<!doctype html><html><body>${html}</body></html>`)
  }
}
