/**
 * `npm run bench:chinese`: what converting between Simplified and Traditional Chinese costs a process: the time to
 * load OpenCC's dictionaries and to build each converter, the median time to convert a 5 KB description (as text
 * and as rich text), and the heap and RSS added.
 */
import v8 from 'node:v8'
import vm from 'node:vm'

import type { TraditionalVariant } from '../src/core/convertChinese.js'

const RUNS = 200
/** `tw` first, the variant of the plugin's own `zh-hant`: the first figures are what a site of its locales adds. */
const VARIANTS: TraditionalVariant[] = ['tw', 'hk', 'twp', 't']

v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as () => void

const MiB = 1024 * 1024
function memory(): { heap: number; rss: number } {
  gc()
  gc()
  const { heapUsed, rss } = process.memoryUsage()
  return { heap: heapUsed / MiB, rss: rss / MiB }
}

function timed<T>(run: () => T): { value: T; ms: number } {
  const started = performance.now()
  const value = run()
  return { value, ms: performance.now() - started }
}

function median(run: () => unknown): number {
  const times = Array.from({ length: RUNS }, () => timed(run).ms).sort((a, b) => a - b)
  return times[Math.floor(RUNS / 2)] as number
}

const SENTENCES = [
  '本周六晚上七点，广州大剧院将举办一场免费音乐会，演出信息请关注我们的公众号。',
  '讲座结束后设有工作坊，请自带笔记本电脑，并提前安装好相关软件。',
  '展览期间，博物馆每天上午十点开放，下午六点闭馆，周一休息。',
  '网络研讨会将在线上直播，观众可以用鼠标点击页面下方的链接观看视频回放。',
  '现场提供打印机，志愿者会帮助大家打印门票；乘坐出租车或地铁都很方便。',
  '来自香港、台湾、澳门和乌鲁木齐的艺术家将与观众交流，分享他们的创作经历。',
  'Tickets: https://example.com/events/2027/concert?lang=zh — 80 HKD, students 50 HKD.',
]

/** About 5 KB of UTF-8 text, as a long event description. */
function description(): string {
  const paragraphs: string[] = []
  for (let at = 0; Buffer.byteLength(paragraphs.join('\n\n')) < 5 * 1024; at++) {
    paragraphs.push(SENTENCES[at % SENTENCES.length] as string)
  }
  return paragraphs.join('\n\n')
}

const signed = (value: number) => `${value < 0 ? '-' : '+'}${Math.abs(value).toFixed(1)}`
const figures = (label: string, ms: number, before: ReturnType<typeof memory>) => {
  const after = memory()
  console.log(
    `${label.padEnd(32)} ${ms.toFixed(1).padStart(6)} ms   heap ${signed(after.heap - before.heap)} MiB` +
      `   RSS ${signed(after.rss - before.rss)} MiB`,
  )
  return after
}

const start = memory()
console.log(
  `Node ${process.version}; heap ${start.heap.toFixed(1)} MiB, RSS ${start.rss.toFixed(1)} MiB at start`,
)

const { loadChineseConversion, toSimplified, toTraditional } =
  await import('../src/core/convertChinese.js')
const loading = performance.now()
await loadChineseConversion()
let before = figures('load the dictionaries (import)', performance.now() - loading, start)
const { convertRichText } = await import('../src/richText/convertText.js')
const { textToRichText } = await import('../src/richText/fromText.js')
before = memory()

const text = description()
const richText = textToRichText(text)
console.log(
  `description: ${Buffer.byteLength(text)} bytes of UTF-8, ${text.length} characters, ` +
    `${richText.root.children.length} paragraphs`,
)

for (const variant of VARIANTS) {
  before = figures(
    `build Simplified → ${variant}`,
    timed(() => toTraditional('汉', variant)).ms,
    before,
  )
  before = figures(
    `build ${variant} → Simplified`,
    timed(() => toSimplified('漢', variant)).ms,
    before,
  )
}

for (const variant of VARIANTS) {
  const traditional = toTraditional(text, variant)
  const traditionalRichText = convertRichText(richText, (value) => toTraditional(value, variant))
  console.log(
    `5 KB → ${variant}: median ${median(() => toTraditional(text, variant)).toFixed(2)} ms as text, ` +
      `${median(() => convertRichText(richText, (value) => toTraditional(value, variant))).toFixed(2)} ms as rich text;` +
      ` back: ${median(() => toSimplified(traditional, variant)).toFixed(2)} ms as text, ` +
      `${median(() => convertRichText(traditionalRichText, (value) => toSimplified(value, variant))).toFixed(2)} ms as rich text`,
  )
}

const end = memory()
console.log(
  `added in all: heap ${signed(end.heap - start.heap)} MiB, RSS ${signed(end.rss - start.rss)} MiB ` +
    `(every converter of the four variants, both ways)`,
)
