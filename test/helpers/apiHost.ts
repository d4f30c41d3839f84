/**
 * The API host (no admin) in a process of its own, for tests that must watch the server survive faults. Prints
 * `listening <url>` once it answers.
 */
import type { AddressInfo } from 'node:net'

import { bootPayload, createApp } from '../../src/server/app.js'

const { default: config } = await import('../../payload.config.js')
const sanitized = await config
await bootPayload(sanitized)
const server = createApp(sanitized).listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}\n`)
})
