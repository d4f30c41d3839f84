export { CalendarLink } from '../admin/CalendarLink.js'
export { MonthView } from '../admin/MonthView.js'
