/**
 * `npm run bench:chinese-fill -- --events N`: the time `npm run chinese:convert` takes on a calendar written in one
 * Chinese script. On a fresh SQLite database, N events (10,000 by default) are stored with a Simplified title,
 * excerpt and description only (straight to the adapter, as records saved before conversion existed), then
 * converted, with the progress the command reports. See docs/performance.md.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { buildConfig, getPayload } from 'payload'

import { migrateChineseScripts } from '../src/exports/migrations/chineseScripts.js'
import { textToRichText } from '../src/richText/fromText.js'

const { values } = parseArgs({ options: { events: { type: 'string', default: '10000' } } })
const count = Number(values.events)

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chinese-fill-'))
process.env.DATABASE_URI = `file:${path.join(dir, 'calendar.db')}`
process.env.DISABLE_PAYLOAD_HMR ??= 'true'

const { hostConfig } = await import('../payload.config.js')
const payload = await getPayload({ config: await buildConfig(await hostConfig()) })

const PLACES = ['广州', '乌鲁木齐', '香港', '台湾', '澳门', '上海']
for (let at = 0; at < count; at++) {
  const place = PLACES[at % PLACES.length]!
  await payload.db.create({
    collection: 'events',
    data: {
      title: { 'zh-hans': `${place}音乐会 ${at}` },
      excerpt: { 'zh-hans': `${place}的免费讲座，欢迎带上笔记本电脑。` },
      description: {
        'zh-hans': textToRichText(`本周六晚上七点，${place}大剧院将举办一场免费音乐会。`),
      },
      slug: `event-${at}`,
      status: 'publish',
      timezone: 'Asia/Hong_Kong',
      startDate: '2027-03-09T11:00:00.000Z',
      endDate: '2027-03-09T13:00:00.000Z',
    },
    req: {},
  })
}

const started = performance.now()
const converted = await migrateChineseScripts({
  payload,
  req: {},
  onProgress: ({ collection, read, converted }) => {
    if (read && (read % 1000 === 0 || read === count))
      console.log(`${collection}: ${read} read, ${converted} converted`)
  },
})
const seconds = (performance.now() - started) / 1000
console.log(
  `converted ${converted.events} of ${count} events in ${seconds.toFixed(1)} s (${(count / seconds).toFixed(0)} events/s)`,
)
await payload.destroy()
fs.rmSync(dir, { force: true, recursive: true })
process.exit(0)
