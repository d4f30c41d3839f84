import './calendar.css'

export { CategoryTreeField } from './CategoryTreeField.js'
export { EventDateField } from './EventDateField.js'
export { FlagCell } from './FlagCell.js'
export { TimezoneField } from './TimezoneField.js'
export { UpcomingFirst } from './UpcomingFirst.js'
export { VenueMapLink } from './VenueMapLink.js'
export { ZonedDateCell } from './ZonedDateCell.js'
