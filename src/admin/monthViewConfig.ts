import type { Config } from 'payload'

import type { ResolvedCalendarOptions } from '../core/options.js'

import { serverComponent } from './components.js'

/** Adds the month view at `<admin>/calendar` and a link to it in the admin's navigation. */
export function withMonthView(
  admin: Config['admin'],
  options: ResolvedCalendarOptions,
): Config['admin'] {
  const components = admin?.components ?? {}
  return {
    ...admin,
    components: {
      ...components,
      afterNavLinks: [...(components.afterNavLinks ?? []), serverComponent('CalendarLink')],
      views: {
        ...components.views,
        calendar: {
          Component: serverComponent('MonthView', {
            eventsSlug: options.slugs.events,
            occurrencesSlug: options.slugs.occurrences,
            siteTimezone: options.timezone,
          }),
          path: '/calendar',
        },
      },
    },
  }
}
