import type { ResolvedCalendarOptions } from '../src/types.js'

import { termRoutes } from '../src/rest/termRoutes.js'

export const tagRoutes = (options: ResolvedCalendarOptions, locales: string[]) => termRoutes('tags', options, locales)
