import type { JobsConfig, TaskConfig } from 'payload'

import type { ResolvedCalendarOptions } from '../core/options.js'

import { extendOccurrences } from './occurrences.js'

/** The queue the calendar's jobs run in. */
export const CALENDAR_QUEUE = 'calendar'
export const HORIZON_TASK = 'calendarExtendOccurrences'

/**
 * The job that moves recurring events' occurrences forward as time passes (`recurrence.horizonMonths` from now),
 * queued by Payload's scheduler on `recurrence.schedule`. Each run keeps every series in line, so a run missed or
 * repeated (several instances, a retry) changes nothing that should not change.
 */
const occurrenceHorizonTask = (
  options: ResolvedCalendarOptions,
): TaskConfig<{ input: object; output: { series: number } }> => ({
  slug: HORIZON_TASK,
  label: 'Extend the occurrences of recurring events',
  retries: 2,
  outputSchema: [{ name: 'series', type: 'number', required: true }],
  schedule: options.recurrence.schedule
    ? [{ cron: options.recurrence.schedule, queue: CALENDAR_QUEUE }]
    : undefined,
  handler: async ({ req }) => ({ output: { series: await extendOccurrences(req.payload, req) } }),
})

/**
 * The host's jobs with the calendar's task added; with `recurrence.autoRun`, this process also runs the calendar
 * queue every few minutes (and so queues the scheduled runs), as a long-running server can. A serverless host
 * turns that off and calls Payload's jobs endpoints from its own cron (README, "Recurring events").
 */
export function withCalendarJobs(
  jobs: JobsConfig | undefined,
  options: ResolvedCalendarOptions,
  running: boolean,
): JobsConfig {
  const autoRun = jobs?.autoRun
  return {
    ...jobs,
    tasks: [...(jobs?.tasks ?? []), occurrenceHorizonTask(options)],
    ...(running && options.recurrence.autoRun && options.recurrence.schedule
      ? {
          autoRun: async (payload) => [
            ...(typeof autoRun === 'function' ? await autoRun(payload) : (autoRun ?? [])),
            { cron: AUTO_RUN_CRON, queue: CALENDAR_QUEUE },
          ],
        }
      : {}),
  }
}

/** How often a process with `recurrence.autoRun` looks at the calendar queue: every ten minutes. */
const AUTO_RUN_CRON = '*/10 * * * *'
