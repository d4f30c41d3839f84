export const CALENDAR_TYPE = 'text/calendar'

/** The weight a client's `Accept` header gives each media type it names (wildcard ranges are ignored). */
function weights(accept: string): Map<string, number> {
  const found = new Map<string, number>()
  for (const range of accept.toLowerCase().split(',')) {
    const [type, ...parameters] = range.split(';').map((part) => part.trim())
    const q = parameters.find((parameter) => parameter.startsWith('q='))
    const weight = q ? Number(q.slice(2)) : 1
    if (type && Number.isFinite(weight)) found.set(type, Math.max(found.get(type) ?? 0, weight))
  }
  return found
}

/**
 * Whether a client asks for iCalendar: it names `text/calendar` and does not prefer JSON to it. Browsers and JSON
 * clients, which name neither or only wildcards, get JSON.
 */
export function acceptsCalendar(accept: string | null | undefined): boolean {
  if (!accept) return false
  const found = weights(accept)
  const calendar = found.get(CALENDAR_TYPE) ?? 0
  return calendar > 0 && calendar >= (found.get('application/json') ?? 0)
}
