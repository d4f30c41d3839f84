'use client'
import { useTranslation } from '@payloadcms/ui'
import { usePathname, useRouter, useSearchParams } from 'next/navigation.js'
import { useEffect, useMemo } from 'react'

const LIST_STATE = /^(where|sort|search)\b/

/**
 * The events list opens on what editors work on next: events that have not ended, soonest first. A list opened
 * with its own filter, sort or search is left alone; "All events" shows everything, latest first.
 */
export function UpcomingFirst() {
  const { t } = useTranslation()
  const router = useRouter()
  const pathname = usePathname()
  const searchParams = useSearchParams()
  const upcoming = useMemo(
    () => `${pathname}?${new URLSearchParams({ 'where[endDate][greater_than_equal]': new Date().toISOString(), sort: 'startDate' })}`,
    [pathname],
  )
  const bare = ![...searchParams.keys()].some((key) => LIST_STATE.test(key))

  useEffect(() => {
    if (bare) router.replace(upcoming)
  }, [bare, router, upcoming])

  const showingUpcoming = searchParams.has('where[endDate][greater_than_equal]')
  return (
    <a
      className="btn btn--style-secondary btn--size-small pec-upcoming-button"
      href={showingUpcoming ? `${pathname}?sort=-startDate` : upcoming}
    >
      {t((showingUpcoming ? 'calendar:allEvents' : 'calendar:upcomingEvents') as never)}
    </a>
  )
}
