/**
 * `npm run congodb [port]`: CongoDB, the MongoDB wire-protocol test server the `mongo` test project runs on
 * (test/helpers/congodb.ts), on 127.0.0.1 (port 27017 unless given), in memory, until stopped. With it running,
 * `DATABASE_URI` set to the URI it prints makes `npm start` serve the calendar on MongoDB's adapter. What it does
 * not do of a real MongoDB is in README.md#database.
 */
import { startCongo } from '../test/helpers/congodb.js'

const port = Number(process.argv[2] || 27017)
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`usage: npm run congodb [port], not ${process.argv[2]}`)
  process.exit(1)
}
const congo = await startCongo(port)
console.log(`CongoDB (in memory) at ${congo.uri('calendar')}`)
const stop = () => void congo.stop().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
