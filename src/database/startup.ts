import type { Payload } from 'payload'

import { ensureChangeStamp } from './changeStamp.js'
import { sqlConnection } from './sql/connection.js'
import { updatePlannerStatistics } from './plannerStatistics.js'

/**
 * What the calendar needs of a database once its tables exist, done as Payload starts: the change stamp's row, and
 * planner statistics for a database never analyzed. Before the host migrated (the tables are missing) it waits
 * for the next start. Also tells the site owner what the setup leaves out.
 */
export async function prepareCalendarDatabase(payload: Payload): Promise<void> {
  try {
    await ensureChangeStamp(payload)
  } catch {
    payload.logger.info(
      'calendar: its tables are not there yet; run the migrations, then start again',
    )
    return
  }
  await updatePlannerStatistics(payload, { onlyIfMissing: true })
  const connection = await sqlConnection(payload)
  if (connection?.dialect === 'sqlite' && !(await connection.fullTextTables()).size) {
    payload.logger.info(
      'calendar: event searches read every event of their window; for an index, run ' +
        '`payload migrate:create --file payload-events-calendar/migrations/sqlite-search-index` and `payload migrate`',
    )
  }
}
