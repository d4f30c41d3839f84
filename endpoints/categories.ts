import type { ResolvedCalendarOptions } from '../src/types.js'

import { termRoutes } from '../src/rest/termRoutes.js'

export const categoryRoutes = (options: ResolvedCalendarOptions, locales: string[]) =>
  termRoutes('categories', options, locales)
