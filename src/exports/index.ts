export { eventsCalendarPlugin } from '../plugin.js'
export type {
  CalendarAccessRule,
  CalendarAccessRules,
  EventsCalendarOptions,
} from '../core/options.js'
export { ROLES as CALENDAR_ROLES, type Role as CalendarRole } from '../core/constants.js'
export {
  importCalendarDataset,
  type ImportProgress,
  type ImportSummary,
} from '../import/importDataset.js'
export type { Dataset as CalendarDataset } from '../import/dataset.js'
export {
  type ImportFailure,
  importTecSite,
  type ResourceCounts,
  type TecImportOptions,
  type TecImportResult,
} from '../import/tec/importTec.js'
