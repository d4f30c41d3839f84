'use client'
import { useEffect, useState } from 'react'

import { useCalendarT } from './language.js'

type Props = {
  /** Path and query of the feed of what the view shows, published events only, as subscribers see them. */
  feedPath: string
  /** Path and query of the shown month as one `.ics` file, read as the signed-in editor (same origin). */
  monthPath: string
  /** The site's configured address; without one, the address the admin is open at. */
  serverURL: string
}

/** The subscription address (`webcal://`) of the calendar shown, and the shown month as a file. */
export const CalendarFeedLinks = ({ feedPath, monthPath, serverURL }: Props) => {
  const t = useCalendarT()
  const [origin, setOrigin] = useState(serverURL)
  useEffect(() => setOrigin(serverURL || window.location.origin), [serverURL])
  const feed = `${origin}${feedPath}`
  const webcal = feed.replace(/^https?:/, 'webcal:')
  return (
    <p className="pec-calendar__feeds">
      <a className="btn btn--style-secondary btn--size-small" href={webcal}>
        {t('subscribe')}
      </a>
      <input
        aria-label={t('subscriptionAddress')}
        className="pec-calendar__feed-url"
        readOnly
        value={feed}
      />
      <a download href={monthPath}>
        {t('downloadMonth')}
      </a>
    </p>
  )
}
