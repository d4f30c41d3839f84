import config from '@payload-config'
import { createCalendarPages } from 'payload-events-calendar/views'
import 'payload-events-calendar/views.css'

const { CalendarPage, generateMetadata } = createCalendarPages({ config })

export default CalendarPage
export { generateMetadata }
