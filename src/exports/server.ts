export { cachedCalendarAnswer, type CacheRequest } from '../cache/responseCache.js'
export type { Answer as CalendarAnswer } from '../cache/responseStore.js'
export { calendarRequestPath, type RequestPathOptions } from '../rest/requestPath.js'
