import type { Payload } from 'payload'

import { readOnPrimary } from '../database/readReplicas.js'

/**
 * Every way of logging in (Payload's JWT and API keys, the calendar's application passwords, a site's own) reads
 * the user from the primary database. With read replicas Payload would read it from one, where a login, a new
 * application password or a revoked one made a moment ago through another server instance may not have arrived:
 * the request would pass as anonymous, or with credentials already revoked.
 */
export function authenticateOnPrimary(payload: Payload): void {
  payload.authStrategies = payload.authStrategies.map((strategy) => ({
    ...strategy,
    authenticate: (args) => readOnPrimary(async () => strategy.authenticate(args)),
  }))
}
