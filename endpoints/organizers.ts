import type { OrganizerDoc } from '../src/core/model.js'
import type { ResolvedCalendarOptions } from '../src/core/options.js'

import { type LinkedPostKind, linkedPostRoutes } from '../src/rest/linkedPosts.js'
import { stringValue } from '../src/rest/params.js'
import { publicationParams } from '../src/rest/postWrites.js'
import { serializeOrganizer } from '../src/serialize/organizer.js'

const writeParams = {
  phone: { type: 'string', description: 'The organizer phone number', parse: stringValue },
  // Not validated, as in the original.
  email: { type: 'string', description: 'The organizer e-mail address', parse: stringValue },
  website: publicationParams.website,
} as const

const toData = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries({
      name: values.organizer,
      phone: values.phone,
      email: values.email,
      website: values.website,
    }).filter(([, value]) => value !== undefined),
  )

/** Organizers: their routes, and the organizer objects of an event write. */
export const organizerKind: LinkedPostKind<OrganizerDoc> = {
  resource: 'organizer',
  plural: 'organizers',
  collection: (resolved) => resolved.slugs.organizers,
  eventField: 'organizers',
  searchFields: ['name', 'email', 'phone', 'website', 'excerpt', 'searchText'],
  serialize: serializeOrganizer,
  schema: 'Organizer',
  writeParams: { ...writeParams },
  toData,
}

export const organizerRoutes = (options: ResolvedCalendarOptions, locales: string[]) =>
  linkedPostRoutes(organizerKind, options, locales)
