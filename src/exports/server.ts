export { cachedCalendarAnswer, type CacheRequest } from '../rest/cache/responseCache.js'
export type { Answer as CalendarAnswer } from '../rest/respond.js'
export {
  calendarRequestPath,
  requestPathOptionsOf,
  type RequestPathOptions,
} from '../rest/requestPath.js'
