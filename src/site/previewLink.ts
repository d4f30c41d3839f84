import type { GeneratePreviewURL } from 'payload'

import type { ResolvedCalendarOptions } from '../core/options.js'

import { addressBookOf, pathOfPage } from './addresses.js'

/**
 * Payload's `admin.preview` for the records that have a page (events, venues, organizers): the site's preview route
 * (`pages.preview`) with the record's page in the edited language, on the admin's own origin. None without the route.
 */
export function previewOf(
  options: ResolvedCalendarOptions,
  kind: 'event' | 'organizer' | 'venue',
): GeneratePreviewURL | undefined {
  const route = options.pages.preview
  if (!route) return undefined
  return (doc, { locale, req }) => {
    if (typeof doc.slug !== 'string' || !doc.slug) return null
    const page = pathOfPage(
      { kind, slug: doc.slug },
      locale,
      addressBookOf(options, req.payload.config),
    )
    return `${route}?path=${encodeURIComponent(page)}`
  }
}
