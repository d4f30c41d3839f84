import type { TestServer } from './server.js'

export const PASSWORD = 'correct-horse-battery-staple'

/** Registers the first user (who becomes admin) and returns its token. */
export async function registerFirstUser(
  server: TestServer,
  email = 'admin@example.test',
): Promise<string> {
  const { body, status } = await server.request('/api/users/first-register', {
    body: { email, password: PASSWORD },
  })
  if (status !== 200) throw new Error(`first-register answered ${status}: ${JSON.stringify(body)}`)
  return body.token
}

export async function login(server: TestServer, email: string): Promise<string> {
  const { body, status } = await server.request('/api/users/login', {
    body: { email, password: PASSWORD },
  })
  if (status !== 200) throw new Error(`login answered ${status}: ${JSON.stringify(body)}`)
  return body.token
}

/** Creates a user with a role through the REST API as the admin, then logs in as that user. */
export async function createUser(
  server: TestServer,
  adminToken: string,
  email: string,
  role: string,
) {
  const { body, status } = await server.request('/api/users', {
    body: { email, password: PASSWORD, role },
    token: adminToken,
  })
  if (status !== 201) throw new Error(`user create answered ${status}: ${JSON.stringify(body)}`)
  return { id: body.doc.id as number, token: await login(server, email) }
}

/**
 * The callers of the permission specs on a fresh server: the first user (admin) and one user of each other role,
 * with their tokens, and the ids of those who can own records (an editor and an author).
 */
export async function usersOfEveryRole(server: TestServer) {
  const tokens: Record<string, string> = { admin: await registerFirstUser(server) }
  const ids: { author?: number; editor?: number } = {}
  for (const role of ['editor', 'author', 'subscriber'] as const) {
    const user = await createUser(server, tokens.admin!, `${role}@example.test`, role)
    tokens[role] = user.token
    if (role !== 'subscriber') ids[role] = user.id
  }
  return { tokens, ids }
}
