import type {
  AuthStrategy,
  AuthStrategyFunctionArgs,
  AuthStrategyResult,
  CollectionConfig,
  CollectionSlug,
  Payload,
  PayloadRequest,
  Where,
} from 'payload'

import { applicationPasswordDigest } from './secret.js'

/** Why HTTP Basic credentials named no user, in the original's codes. */
export type BasicAuthFailure = 'incorrect_password' | 'invalid_username'

const FAILURE = 'calendarBasicAuthFailure'
/** The last-used time is written at most this often per password, so busy clients do not write on every request. */
const LAST_USED_RESOLUTION_MS = 60_000

/** Why the request's Basic credentials failed, when they did; the namespace answers it with a 401. */
export const basicAuthFailureOf = (req: PayloadRequest): BasicAuthFailure | undefined =>
  req.context[FAILURE] as BasicAuthFailure | undefined

/** `Authorization: Basic base64(name:password)`, decoded leniently: no colon means an empty password. */
export function basicCredentials(header: string | null): { name: string; password: string } | null {
  const match = /^basic(?:\s+(.*))?$/is.exec(header?.trim() ?? '')
  if (!match) return null
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon < 0
    ? { name: decoded, password: '' }
    : { name: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

function userWhere(users: CollectionConfig, name: string): Where {
  const auth = typeof users.auth === 'object' ? users.auth : {}
  const byName: Where[] = [{ email: { equals: name.trim().toLowerCase() } }]
  if (auth.loginWithUsername) byName.push({ username: { equals: name.trim() } })
  return auth.verify
    ? { and: [{ or: byName }, { _verified: { not_equals: false } }] }
    : { or: byName }
}

type StoredPassword = { id: number | string; lastUsed?: string | null }

async function recordUse(payload: Payload, passwords: CollectionSlug, password: StoredPassword) {
  const now = Date.now()
  if (password.lastUsed && now - Date.parse(password.lastUsed) < LAST_USED_RESOLUTION_MS) return
  await payload.db.updateOne({
    collection: passwords,
    id: password.id,
    data: { lastUsed: new Date(now).toISOString() },
    returning: false,
  })
}

/**
 * HTTP Basic with an application password, as WordPress accepts it: the name is the user's email (or username,
 * where the collection logs in with one), the password one of the user's application passwords; the login
 * password never works here. Failed credentials leave the request anonymous, as Payload's own strategies do,
 * and note why on the request for the namespace's 401.
 */
export const APPLICATION_PASSWORD_STRATEGY = 'application-password'

export const applicationPasswordStrategy = (
  users: CollectionConfig,
  passwords: CollectionSlug,
): AuthStrategy => ({
  name: APPLICATION_PASSWORD_STRATEGY,
  // Read on the primary, as every strategy (`authenticateOnPrimary`).
  authenticate: (args) => authenticate(users, passwords, args),
})

async function authenticate(
  users: CollectionConfig,
  passwords: CollectionSlug,
  { headers, payload, req }: AuthStrategyFunctionArgs,
): Promise<AuthStrategyResult> {
  const credentials = basicCredentials(headers.get('authorization'))
  if (!credentials) return { user: null }
  const fail = (failure: BasicAuthFailure) => {
    if (req) req.context[FAILURE] = failure
    return { user: null }
  }
  // No email holds U+0000, and Postgres refuses it in a query.
  if (credentials.name.includes('\0')) return fail('invalid_username')
  const auth = typeof users.auth === 'object' ? users.auth : {}
  const {
    docs: [user],
  } = await payload.find({
    collection: users.slug as CollectionSlug,
    where: userWhere(users, credentials.name),
    depth: auth.depth ?? 0,
    limit: 1,
    pagination: false,
    overrideAccess: true,
    req,
  })
  if (!user) return fail('invalid_username')
  const {
    docs: [password],
  } = await payload.find({
    collection: passwords,
    where: {
      and: [
        { user: { equals: user.id } },
        { passwordHash: { equals: applicationPasswordDigest(credentials.password) } },
      ],
    },
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: true,
    req,
  })
  if (!password) return fail('incorrect_password')
  await recordUse(payload, passwords, password as StoredPassword)
  return { user: { ...user, collection: users.slug, _strategy: 'application-password' } as never }
}
