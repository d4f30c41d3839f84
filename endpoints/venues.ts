import type { ResolvedCalendarOptions } from '../src/types.js'

import { linkedPostRoutes } from '../src/rest/linkedPosts.js'
import { serializeVenue } from '../src/serialize/venue.js'

export const venueRoutes = (options: ResolvedCalendarOptions, locales: string[]) =>
  linkedPostRoutes(
    {
      resource: 'venue',
      plural: 'venues',
      collection: (resolved) => resolved.slugs.venues,
      eventField: 'venue',
      searchFields: ['name', 'address', 'city', 'state', 'province', 'country', 'zip', 'phone', 'excerpt'],
      serialize: serializeVenue,
    },
    options,
    locales,
  )
