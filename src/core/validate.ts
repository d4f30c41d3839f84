import type { PayloadRequest } from 'payload'

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** Optional web address: empty, or an absolute http(s) URL. */
export const validateUrl = (value: unknown, { req }: { req: PayloadRequest }): string | true =>
  value == null || value === '' || (typeof value === 'string' && isHttpUrl(value))
    ? true
    : req.t('calendar:invalidUrl' as never)
