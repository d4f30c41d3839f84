import config from '@payload-config'
import { createCalendarPages } from 'payload-events-calendar/views'

const { CalendarPage, generateMetadata } = createCalendarPages({ config })

export default CalendarPage
export { generateMetadata }
