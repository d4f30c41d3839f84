import type { Endpoint } from 'payload'

import type { ResolvedCalendarOptions } from '../src/core/options.js'

import { NAMESPACE } from '../src/core/constants.js'
import { languageParam } from '../src/rest/commonParams.js'
import { describeRoute } from '../src/rest/describe.js'
import { toPayloadEndpoints } from '../src/rest/handle.js'
import { type Route, method } from '../src/rest/route.js'
import { docRoute } from './doc.js'
import { eventRoutes } from './events.js'
import { organizerRoutes } from './organizers.js'
import { termRoutes } from './terms.js'
import { venueRoutes } from './venues.js'

/** Every route of the namespace, in the order the index lists them. */
export function calendarRoutes(options: ResolvedCalendarOptions, locales: string[]): Route[] {
  const routes: Route[] = []
  routes.push(
    {
      path: '',
      pattern: '',
      methods: {
        GET: method({
          description: 'Describes the namespace: every route with its methods and arguments',
          params: {
            namespace: { type: 'string', default: NAMESPACE, description: 'The namespace' },
            context: {
              type: 'string',
              default: 'view',
              description: 'Scope under which the request is made',
            },
            ml_language: languageParam(locales),
          },
          returns: { schema: 'Index' },
          handler: async () => ({
            body: {
              namespace: NAMESPACE,
              routes: Object.fromEntries(
                routes.map((route) => [`/${NAMESPACE}${route.pattern}`, describeRoute(route)]),
              ),
            },
          }),
        }),
      },
    },
    docRoute(() => routes, locales),
    ...eventRoutes(options, locales),
    ...venueRoutes(options, locales),
    ...organizerRoutes(options, locales),
    ...termRoutes('categories', options, locales),
    ...termRoutes('tags', options, locales),
  )
  return routes
}

export const calendarEndpoints = (
  options: ResolvedCalendarOptions,
  locales: string[],
): Endpoint[] => toPayloadEndpoints(calendarRoutes(options, locales), options)
