/**
 * `npm run user:create -- --email E --password P --role R [--api-key]`: adds a user from the shell and, with
 * `--api-key`, enables an API key and prints it (send it as `Authorization: users API-Key <key>`).
 */
import { randomUUID } from 'node:crypto'
import { parseArgs } from 'node:util'

import { getPayload } from 'payload'
import { CALENDAR_ROLES, type CalendarRole } from 'payload-events-calendar'

import { DEFAULT_ROLE } from '../host/users.js'

process.env.DISABLE_PAYLOAD_HMR ??= 'true'

const { values } = parseArgs({
  options: {
    'api-key': { type: 'boolean' },
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: DEFAULT_ROLE },
  },
})
if (!values.email || !values.password || !CALENDAR_ROLES.includes(values.role as CalendarRole)) {
  console.error(
    `usage: npm run user:create -- --email E --password P --role ${CALENDAR_ROLES.join('|')} [--api-key]`,
  )
  process.exit(2)
}

const { default: config } = await import('../payload.config.js')
const payload = await getPayload({ config })
try {
  const apiKey = values['api-key'] ? randomUUID() : undefined
  const user = await payload.create({
    collection: 'users',
    data: {
      email: values.email,
      password: values.password,
      role: values.role as CalendarRole,
      ...(apiKey ? { enableAPIKey: true, apiKey } : {}),
    },
  })
  console.log(`Created user ${user.id} <${user.email}> with role ${user.role}`)
  if (apiKey) console.log(`API key: ${apiKey}`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await payload.destroy()
}
process.exit()
