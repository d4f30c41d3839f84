import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'

/** Plain text as Lexical rich text: one paragraph per block separated by a blank line. */
export function textToRichText(text: string): SerializedEditorState {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
  return {
    root: {
      type: 'root',
      direction: 'ltr',
      format: '',
      indent: 0,
      version: 1,
      children: paragraphs.map((block) => ({
        type: 'paragraph',
        direction: 'ltr',
        format: '',
        indent: 0,
        version: 1,
        textFormat: 0,
        textStyle: '',
        children: [
          {
            type: 'text',
            detail: 0,
            format: 0,
            mode: 'normal',
            style: '',
            text: block,
            version: 1,
          },
        ],
      })),
    },
  } as SerializedEditorState
}
