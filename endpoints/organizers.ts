import type { ResolvedCalendarOptions } from '../src/types.js'

import { linkedPostRoutes } from '../src/rest/linkedPosts.js'
import { serializeOrganizer } from '../src/serialize/organizer.js'

export const organizerRoutes = (options: ResolvedCalendarOptions, locales: string[]) =>
  linkedPostRoutes(
    {
      resource: 'organizer',
      plural: 'organizers',
      collection: (resolved) => resolved.slugs.organizers,
      eventField: 'organizers',
      searchFields: ['name', 'email', 'phone', 'website', 'excerpt'],
      serialize: serializeOrganizer,
    },
    options,
    locales,
  )
