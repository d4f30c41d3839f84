import type { RichText } from '../../src/core/model.js'

import {
  loadChineseConversion,
  toSimplified,
  toTraditional,
} from '../../src/core/convertChinese.js'
import { convertRichText } from '../../src/richText/convertText.js'

beforeAll(loadChineseConversion)

const BOLD = 1
const ITALIC = 2

const text = (value: string, format = 0) => ({
  type: 'text',
  detail: 0,
  format,
  mode: 'normal',
  style: '',
  text: value,
  version: 1,
})

const element = (type: string, children: object[], extra: object = {}) => ({
  type,
  children,
  direction: 'ltr',
  format: '',
  indent: 0,
  version: 1,
  ...extra,
})

/** An event's description as the admin's editor stores it, with the words of its text nodes given. */
const description = (words: string[]): RichText => {
  const [heading, free, lecture, rest, link, first, second, code] = words
  return {
    root: element('root', [
      element('heading', [text(heading)], { tag: 'h2' }),
      element(
        'paragraph',
        [
          text(free, BOLD),
          text(lecture, ITALIC | BOLD),
          { type: 'linebreak', version: 1 },
          text(rest),
          element('link', [text(link)], {
            fields: { linkType: 'custom', newTab: true, url: 'https://example.com/软件?q=信息' },
            version: 3,
          }),
        ],
        { textFormat: BOLD, textStyle: '' },
      ),
      element(
        'list',
        [
          element('listitem', [text(first)], { value: 1 }),
          element('listitem', [text(second)], { value: 2 }),
        ],
        { listType: 'bullet', start: 1, tag: 'ul' },
      ),
      element(
        'code',
        [{ type: 'code-highlight', text: code, highlightType: 'string', version: 1 }],
        {
          language: 'js',
        },
      ),
      element('paragraph', [text('Doors open at 19:00, tickets 80 HKD.')]),
    ]),
  } as RichText
}

const SIMPLIFIED = [
  '音乐会节目',
  '免费',
  '讲座',
  '请用鼠标点击',
  '报名链接',
  '广州',
  '乌鲁木齐',
  "'软件'",
]

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(deepFreeze)
    Object.freeze(value)
  }
  return value
}

describe('convertRichText', () => {
  test('converts the text of text nodes only, keeping structure, formats and links', () => {
    const input = deepFreeze(description(SIMPLIFIED))
    expect(convertRichText(input, (value) => toTraditional(value, 'twp'))).toEqual(
      description([
        '音樂會節目',
        '免費',
        '講座',
        '請用滑鼠點選',
        '報名連結',
        '廣州',
        '烏魯木齊',
        "'软件'",
      ]),
    )
  })

  test('leaves its input as it was', () => {
    const input = description(SIMPLIFIED)
    const copy = structuredClone(input)
    const output = convertRichText(deepFreeze(input), (value) => toTraditional(value, 'hk'))
    expect(input).toEqual(copy)
    expect(output).not.toBe(input)
  })

  test('keeps link addresses, code and every other property', () => {
    const output = convertRichText(description(SIMPLIFIED), (value) => toTraditional(value, 'tw'))
    const [heading, paragraph, list, code, english] = output!.root.children as any[]
    expect(heading.tag).toBe('h2')
    expect(paragraph.children.map((node: any) => [node.type, node.format])).toEqual([
      ['text', BOLD],
      ['text', ITALIC | BOLD],
      ['linebreak', undefined],
      ['text', 0],
      ['link', ''],
    ])
    expect(paragraph.children[4].fields.url).toBe('https://example.com/软件?q=信息')
    expect(paragraph.children[4].children[0].text).toBe('報名鏈接')
    expect(list.children.map((item: any) => [item.value, item.children[0].text])).toEqual([
      [1, '廣州'],
      [2, '烏魯木齊'],
    ])
    expect(code.children[0].text).toBe("'软件'")
    expect(english.children[0].text).toBe('Doors open at 19:00, tickets 80 HKD.')
  })

  test('shares what does not change, and gives back the same object when nothing does', () => {
    const input = description(SIMPLIFIED)
    const output = convertRichText(input, (value) => toTraditional(value, 't'))
    expect(output!.root.children[4]).toBe(input!.root.children[4])
    expect(output!.root.children[3]).toBe(input!.root.children[3])
    const english = description([
      'Programme',
      'Free',
      'Talk',
      'Click',
      'Sign up',
      'One',
      'Two',
      'x',
    ])
    expect(convertRichText(english, (value) => toTraditional(value, 't'))).toBe(english)
  })

  test('reads back into Simplified', () => {
    const traditional = convertRichText(description(SIMPLIFIED), (value) =>
      toTraditional(value, 'hk'),
    )
    expect(convertRichText(traditional, (value) => toSimplified(value, 'hk'))).toEqual(
      description(SIMPLIFIED),
    )
  })

  test('takes no rich text as it is', () => {
    const convert = (value: string) => toTraditional(value, 'tw')
    expect(convertRichText(null, convert)).toBeNull()
    expect(convertRichText(undefined, convert)).toBeUndefined()
    expect(convertRichText({ root: element('root', []) } as RichText, convert)).toEqual({
      root: element('root', []),
    })
  })
})
