import type { SanitizedConfig } from 'payload'

import { draftMode } from 'next/headers.js'
import { getPayload } from 'payload'

/** A redirect to a path on this site (`redirect()` of next/navigation is not for a package's route modules). */
const redirectTo = (path: string) =>
  new Response(null, { status: 307, headers: { location: path } })

/**
 * A path on this site, written as an address is (printable ASCII, percent-encoded beyond it): `//host/…` and
 * `/\host/…` are other origins to a browser, and a line break would end the redirect's header.
 */
const sitePath = (raw: string | null) =>
  raw && /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/.test(raw) ? raw : null

/**
 * The route handler of the site's preview file (`pages.preview`): for a signed-in user it turns Next.js's draft
 * mode on (`?draft=0` turns it off) and opens the page `path` names, where the calendar's pages then show what the
 * user may read, drafts included. A visitor who is not signed in is sent to the admin's login first.
 */
export function createCalendarPreview({
  config,
}: {
  config: Promise<SanitizedConfig> | SanitizedConfig
}) {
  async function GET(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const path = sitePath(url.searchParams.get('path'))
    if (!path)
      return Response.json(
        {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): path',
          data: { status: 400, params: { path: 'A path on this site, such as /event/{slug}/.' } },
        },
        { status: 400 },
      )
    const payload = await getPayload({ config })
    const { user } = await payload.auth({ headers: request.headers })
    if (!user)
      return redirectTo(
        `${payload.config.routes.admin}/login?redirect=${encodeURIComponent(url.pathname + url.search)}`,
      )
    const mode = await draftMode()
    if (url.searchParams.get('draft') === '0') mode.disable()
    else mode.enable()
    return redirectTo(path)
  }
  return { GET }
}
