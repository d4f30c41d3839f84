/**
 * `npm run chinese:convert`: gives every record written in one Chinese script the other, with progress, and says
 * how many records it converted (docs/api.md#chinese-in-two-scripts). Safe to run again.
 */
import { getPayload } from 'payload'
import { migrateChineseScripts } from 'payload-events-calendar/migrations/chinese-scripts'

process.env.DISABLE_PAYLOAD_HMR ??= 'true'

const { default: config } = await import('../payload.config.js')
const payload = await getPayload({ config })
try {
  const converted = await migrateChineseScripts({
    payload,
    req: {},
    onProgress: ({ collection, read, converted }) =>
      console.log(`${collection}: ${read} read, ${converted} converted`),
  })
  for (const [collection, count] of Object.entries(converted))
    console.log(`Converted ${count} ${collection}`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await payload.destroy()
}
process.exit()
