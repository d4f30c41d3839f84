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
