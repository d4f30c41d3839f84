/**
 * `npm run bench:chinese-save`: what keeping Chinese in step adds to a save. On a fresh SQLite database, the median
 * time of creating and of updating an event with a title, an excerpt and a 5 KB rich-text description, written in
 * English (nothing converted) and in Simplified Chinese (all three converted into Traditional in the same write),
 * and the memory the process holds before and after its first conversion. See docs/performance.md.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildConfig, getPayload } from 'payload'

import { textToRichText } from '../src/richText/fromText.js'

const RUNS = 40
const MiB = 1024 * 1024

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chinese-save-'))
process.env.DATABASE_URI = `file:${path.join(dir, 'calendar.db')}`
process.env.DISABLE_PAYLOAD_HMR ??= 'true'

const { hostConfig } = await import('../payload.config.js')
const payload = await getPayload({ config: await buildConfig(await hostConfig()) })

const PARAGRAPH =
  '本周六晚上七点，广州大剧院将举办一场免费音乐会，演出信息请关注我们的公众号。讲座结束后设有工作坊，请自带笔记本电脑。'
const ENGLISH =
  'On Saturday at seven the Grand Theatre holds a free concert; follow our account for news. A workshop follows.'

/** An event's text of about 5 KB, in one language. */
function eventText(paragraph: string) {
  const paragraphs: string[] = []
  while (Buffer.byteLength(paragraphs.join('\n\n')) < 5 * 1024) paragraphs.push(paragraph)
  return {
    title: paragraph.slice(0, 12),
    excerpt: paragraph.slice(0, 40),
    description: textToRichText(paragraphs.join('\n\n')),
  }
}

const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!

async function timedSaves(locale: 'en' | 'zh-hans', paragraph: string) {
  const created: number[] = []
  const updated: number[] = []
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now()
    const { id } = await payload.create({
      collection: 'events',
      locale,
      overrideAccess: true,
      data: {
        ...eventText(paragraph),
        status: 'publish',
        timezone: 'Asia/Hong_Kong',
        startDate: '2027-03-09T11:00:00.000Z',
        endDate: '2027-03-09T13:00:00.000Z',
      } as never,
    })
    created.push(performance.now() - started)
    started = performance.now()
    await payload.update({
      collection: 'events',
      id,
      locale,
      overrideAccess: true,
      data: eventText(`${paragraph}${run}`) as never,
    })
    updated.push(performance.now() - started)
  }
  return { create: median(created), update: median(updated) }
}

const memory = () => {
  const { heapUsed, rss } = process.memoryUsage()
  return `heap ${(heapUsed / MiB).toFixed(0)} MiB, RSS ${(rss / MiB).toFixed(0)} MiB`
}

// A first save of each kind warms the process up (and builds the converter) before any is timed.
await timedSaves('en', ENGLISH)
const before = memory()
const english = await timedSaves('en', ENGLISH)
await timedSaves('zh-hans', PARAGRAPH)
const after = memory()
const chinese = await timedSaves('zh-hans', PARAGRAPH)

const row = (label: string, times: { create: number; update: number }) =>
  console.log(
    `${label.padEnd(44)} create ${times.create.toFixed(1).padStart(6)} ms   update ${times.update.toFixed(1).padStart(6)} ms`,
  )
row('English (nothing converted)', english)
row('Simplified Chinese (converted into Traditional)', chinese)
console.log(
  `ratio: create ${(chinese.create / english.create).toFixed(2)}×, update ${(chinese.update / english.update).toFixed(2)}×`,
)
console.log(`memory before the first conversion: ${before}; after: ${after}`)
await payload.destroy()
fs.rmSync(dir, { force: true, recursive: true })
process.exit(0)
