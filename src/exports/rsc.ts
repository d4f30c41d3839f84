export { CalendarLink } from '../admin/CalendarLink.js'
export { ListLink } from '../admin/ListLink.js'
export { MonthView } from '../admin/MonthView.js'
