import '../admin/calendar.css'

export { CategoryTreeField } from '../admin/CategoryTreeField.js'
export { EventDateField } from '../admin/EventDateField.js'
export { FlagCell } from '../admin/FlagCell.js'
export { TimezoneField } from '../admin/TimezoneField.js'
export { UpcomingFirst } from '../admin/UpcomingFirst.js'
export { VenueMapLink } from '../admin/VenueMapLink.js'
export { ZonedDateCell } from '../admin/ZonedDateCell.js'
