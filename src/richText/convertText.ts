import type { RichText } from '../core/model.js'

type LexicalNode = { type: string; text?: string; children?: LexicalNode[] }

/**
 * Rich text with `convert` applied to the text of its text nodes, and to nothing else: structure, formats, link
 * addresses, code and every other property stay as they are. The input is never changed; what `convert` leaves
 * as it was is shared with it, so text that does not change comes back as the same object.
 */
export function convertRichText(state: RichText, convert: (text: string) => string): RichText {
  if (!state?.root) return state
  const root = convertNode(state.root as LexicalNode, convert)
  return root === state.root ? state : ({ ...state, root } as RichText)
}

function convertNode(node: LexicalNode, convert: (text: string) => string): LexicalNode {
  if (node.type === 'text' && typeof node.text === 'string') {
    const text = convert(node.text)
    return text === node.text ? node : { ...node, text }
  }
  if (!Array.isArray(node.children)) return node
  const children = node.children.map((child) => convertNode(child, convert))
  return children.every((child, at) => child === node.children?.[at]) ? node : { ...node, children }
}
