import type { Config, SanitizedConfig } from 'payload'

import type { ResolvedCalendarOptions } from './types.js'

/** Where the plugin leaves its resolved options in the host's config (server-side `custom`). */
const KEY = 'eventsCalendar'

export const withPluginOptions = (custom: Config['custom'], options: ResolvedCalendarOptions): Config['custom'] => ({
  ...custom,
  [KEY]: options,
})

/** The calendar plugin's options in a config it was added to, or undefined. */
export const pluginOptionsOf = (config: Pick<SanitizedConfig, 'custom'>): ResolvedCalendarOptions | undefined =>
  config.custom?.[KEY] as ResolvedCalendarOptions | undefined
