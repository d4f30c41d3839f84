import config from '@payload-config'
import { createCalendarPreview } from 'payload-events-calendar/views'

export const { GET } = createCalendarPreview({ config })
