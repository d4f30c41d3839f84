'use client'
import { useTranslation } from '@payloadcms/ui'
import { usePathname, useRouter, useSearchParams } from 'next/navigation.js'
import { type MouseEvent, useEffect } from 'react'

const LIST_STATE = /^(where|sort|search)\b/
const NOT_ENDED = 'where[endDate][greater_than_equal]'

/** The list of events not ended at this moment, soonest first: made when used, never while rendering. */
const upcomingList = (pathname: string) =>
  `${pathname}?${new URLSearchParams({ [NOT_ENDED]: new Date().toISOString(), sort: 'startDate' })}`

/**
 * The events list opens on what editors work on next: events that have not ended, soonest first. A list opened
 * with its own filter, sort or search is left alone; "All events" shows everything, latest first. The current time
 * goes into the URL only on the client, so the server's HTML and the client's first render are the same.
 */
export function UpcomingFirst() {
  const { t } = useTranslation()
  const router = useRouter()
  const pathname = usePathname()
  const searchParams = useSearchParams()
  const bare = ![...searchParams.keys()].some((key) => LIST_STATE.test(key))

  useEffect(() => {
    if (bare) router.replace(upcomingList(pathname))
  }, [bare, pathname, router])

  const showingUpcoming = searchParams.has(NOT_ENDED)
  const showUpcoming = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    router.push(upcomingList(pathname))
  }
  return (
    <a
      className="btn btn--style-secondary btn--size-small pec-upcoming-button"
      href={showingUpcoming ? `${pathname}?sort=-startDate` : `${pathname}?sort=startDate`}
      onClick={showingUpcoming ? undefined : showUpcoming}
    >
      {t((showingUpcoming ? 'calendar:allEvents' : 'calendar:upcomingEvents') as never)}
    </a>
  )
}
