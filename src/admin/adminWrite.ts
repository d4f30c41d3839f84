import { toast } from '@payloadcms/ui'

/**
 * A write from an admin panel as the signed-in user (its login cookie): the JSON answer when it worked; when not,
 * undefined after a toast with the answer's reason, worded by `notSaved`.
 */
export async function adminWrite<T extends object>(
  address: string,
  method: 'DELETE' | 'POST',
  body: object | undefined,
  notSaved: (reason: string) => string,
): Promise<T | undefined> {
  const response = await fetch(address, {
    method,
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    ...(body && { body: JSON.stringify(body) }),
  })
  const answer = (await response.json().catch(() => ({}))) as T & { message?: string }
  if (response.ok) return answer
  toast.error(notSaved(answer.message ?? response.statusText))
  return undefined
}
