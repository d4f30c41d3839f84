export { CalendarLink } from './CalendarLink.js'
export { MonthView } from './MonthView.js'
