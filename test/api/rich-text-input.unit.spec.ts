import type { SanitizedConfig } from 'payload'

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildConfig } from 'payload'

import { htmlToRichText, sanitizeHtml } from '../../src/richText/fromHtml.js'
import { richTextToHtml } from '../../src/richText/toHtml.js'

let config: SanitizedConfig
let tmp: string

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rich-text-input-'))
  // payload.config.ts builds its adapter from DATABASE_URI when it is loaded; buildConfig never connects it
  process.env.DATABASE_URI = `file:${path.join(tmp, 'unused.db')}`
  const { hostConfig } = await import('../../payload.config.js')
  config = await buildConfig(await hostConfig())
})

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

const roundTrip = async (html: string) =>
  richTextToHtml((await htmlToRichText(html, config)) as never)

describe('htmlToRichText', () => {
  test('keeps simple formatted paragraphs as they are', async () => {
    expect(await roundTrip('<p>An evening of <strong>live jazz</strong>.</p>')).toBe(
      '<p>An evening of <strong>live jazz</strong>.</p>',
    )
  })

  test('keeps headings, lists, quotes, line breaks and inline formats', async () => {
    const html = await roundTrip(
      '<h2>Programme</h2><ul><li>One</li><li>Two</li></ul><ol><li>First</li></ol>' +
        '<blockquote>Quoted</blockquote><p>a<br>b <em>i</em> <u>u</u> <s>s</s> <b>b</b> <i>i2</i></p>',
    )
    expect(html).toContain('<h2>Programme</h2>')
    expect(html).toMatch(/<ul[^>]*>.*One.*Two.*<\/ul>/s)
    expect(html).toMatch(/<ol[^>]*>.*First.*<\/ol>/s)
    expect(html).toMatch(/<blockquote[^>]*>Quoted<\/blockquote>/)
    expect(html).toContain('<br')
    expect(html).toContain('<em>i</em>')
    expect(html).toMatch(/<u>u<\/u>|<span[^>]*underline[^>]*>u<\/span>/)
    expect(html).toMatch(/<s>s<\/s>|<span[^>]*line-through[^>]*>s<\/span>/)
    expect(html).toContain('<strong>b</strong>')
    expect(html).toContain('<em>i2</em>')
  })

  test('keeps http, https and mailto links', async () => {
    const html = await roundTrip(
      '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" class="x" title="t">site</a> ' +
        '<a href="mailto:info@example.com">mail</a> <a href="http://example.org">plain</a></p>',
    )
    expect(html).toContain('href="https://example.com/a?b=1&amp;c=2"')
    expect(html).toContain('href="mailto:info@example.com"')
    expect(html).toContain('href="http://example.org"')
    expect(html).not.toMatch(/class=|title=/)
  })

  test('drops scripts and event handlers', async () => {
    const html = await roundTrip('<script>alert(1)</script><p onclick="x()">Hi</p>')
    expect(html).toBe('<p>Hi</p>')
    expect(html).not.toContain('alert')
  })

  test.each([
    ['javascript', '<a href="javascript:alert(1)">x</a>'],
    ['javascript, obfuscated', '<a href=" JaVaScRiPt:alert(1)">x</a>'],
    ['javascript, entity-encoded', '<a href="&#106;avascript:alert(1)">x</a>'],
    ['data', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['vbscript', '<a href="vbscript:msgbox(1)">x</a>'],
  ])('removes %s link URLs but keeps the text', async (_name, input) => {
    const html = await roundTrip(input)
    expect(html).not.toMatch(/href|javascript|data:|vbscript/i)
    expect(html).toBe('<p>x</p>')
  })

  test('drops images with their handlers', async () => {
    const html = await roundTrip('<img src=x onerror=alert(1)>')
    expect(html).not.toMatch(/img|onerror|alert/)
    expect(html).toBe('')
    expect(await roundTrip('<p>Before <img src=x onerror=alert(1)> after</p>')).toBe(
      '<p>Before after</p>',
    )
  })

  test('drops styles, frames, embeds and forms with their content', async () => {
    const html = await roundTrip(
      '<style>p{color:red}</style><iframe src="https://evil.example">frame</iframe>' +
        '<object data="x.swf">obj</object><embed src="x.swf">' +
        '<form action="https://evil.example"><input name="q"><button>Send</button><p>in form</p></form>' +
        '<p style="color:red" class="c" id="i">Kept</p><svg><script>alert(1)</script></svg>',
    )
    expect(html).toBe('<p>Kept</p>')
  })

  test('sanitizeHtml keeps only the allowed markup', () => {
    expect(sanitizeHtml('<div><span style="x">a</span><p onmouseover="y">b</p></div>')).toBe(
      'a<p>b</p>',
    )
    expect(sanitizeHtml('<a href="https://e.com" onclick="x" target="_blank">l</a>')).toBe(
      '<a href="https://e.com">l</a>',
    )
    expect(sanitizeHtml('<a href="/relative">r</a><a>no href</a>')).toBe('rno href')
    expect(sanitizeHtml('<strike>a</strike><del>b</del>')).toBe('<s>a</s><s>b</s>')
  })

  test('does not throw on nested or unclosed tags', async () => {
    for (const input of [
      '<p><b>bold <i>both</b> italic?</i>',
      '<ul><li>one<li>two</ul></p></div>',
      '<p><p><p>deep</p>',
      '<blockquote><h1>title<p>text',
      '<a href="https://e.com"><a href="https://f.com">nested</a></a>',
      '<b><b><b><b>x',
      '</p></b>stray closers',
      '<p>' + '<b><i>'.repeat(500) + 'deep' + '</i></b>'.repeat(500) + '</p>',
      '<<>>< p>',
    ]) {
      const html = await roundTrip(input)
      expect(typeof html).toBe('string')
      expect(html).not.toMatch(/<script|on\w+=/i)
    }
    expect(await roundTrip('<p><b>bold <i>both</b> italic?</i>')).toContain('bold')
  })

  test('converts a 200 kB input', async () => {
    const words =
      'An evening of music in the old town hall, with guests from near and far. '.repeat(6)
    const block = `<p>${words}<strong>Doors open at seven.</strong> Tickets at <a href="https://example.com">example.com</a>.</p>\n`
    const input = block.repeat(Math.ceil(200_000 / block.length))
    expect(input.length).toBeGreaterThanOrEqual(200_000)
    const state = await htmlToRichText(input, config)
    expect(state.root.children.length).toBe(Math.ceil(200_000 / block.length))
  })

  test('turns plain text into one paragraph per blank-line separated block', async () => {
    const state = await htmlToRichText(
      'First paragraph.\n\nSecond one\r\n\r\n\n  Third & last  ',
      config,
    )
    expect(state.root.children).toHaveLength(3)
    expect(richTextToHtml(state as never)).toBe(
      '<p>First paragraph.</p>\n<p>Second one</p>\n<p>Third &amp; last</p>',
    )
  })

  test('gives inline-only HTML paragraphs at blank lines', async () => {
    const html = await roundTrip('One <b>bold</b>\n\nTwo')
    expect(html).toBe('<p>One <strong>bold</strong></p>\n<p>Two</p>')
  })

  test('keeps Chinese text and emoji', async () => {
    expect(await roundTrip('<p>爵士之夜 🎷🎶 <strong>現場</strong></p>')).toBe(
      '<p>爵士之夜 🎷🎶 <strong>現場</strong></p>',
    )
    expect(await roundTrip('春节音乐会 🧧\n\n欢迎光临 👋')).toBe(
      '<p>春节音乐会 🧧</p>\n<p>欢迎光临 👋</p>',
    )
  })

  test('gives an empty document for empty or fully unsafe input', async () => {
    for (const input of ['', '   ', '<script>alert(1)</script>', '<p></p>']) {
      const state = await htmlToRichText(input, config)
      expect(state.root.children).toEqual([])
      expect(richTextToHtml(state as never)).toBe('')
    }
  })
})
