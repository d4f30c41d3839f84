'use client'
import type { EventObject } from '../serialize/wire.js'

import { useConfig, useDocumentInfo, useLocale } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

import { NAMESPACE } from '../core/constants.js'
import { googleCalendarLink } from '../ical/googleCalendar.js'
import { useCalendarT } from './language.js'

const browserText = (html: string) =>
  new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? ''

/**
 * The saved event as a file for any calendar app and as a Google Calendar link, in the language being edited;
 * both read the namespace as the signed-in editor, so drafts and protected events work too.
 */
export const AddToCalendar = () => {
  const t = useCalendarT()
  const { id, lastUpdateTime } = useDocumentInfo()
  const { config } = useConfig()
  const locale = useLocale()
  const [google, setGoogle] = useState<string | null>(null)
  const eventUrl = id
    ? `${config.routes.api}/${NAMESPACE}/events/${id}?context=edit&ml_language=${locale.code}`
    : null

  useEffect(() => {
    if (!eventUrl) return
    let current = true
    fetch(eventUrl, { credentials: 'include' })
      .then((response) => (response.ok ? (response.json() as Promise<EventObject>) : null))
      .then((event) => current && setGoogle(event ? googleCalendarLink(event, browserText) : null))
      .catch(() => current && setGoogle(null))
    return () => {
      current = false
    }
  }, [eventUrl, lastUpdateTime])

  return (
    <div className="field-type pec-add-to-calendar">
      <span className="field-label">{t('addToCalendar')}</span>
      {eventUrl ? (
        <>
          <a download href={`${eventUrl}&ical=1`}>
            {t('downloadIcs')}
          </a>
          {google && (
            <a href={google} rel="noopener noreferrer" target="_blank">
              Google Calendar ↗
            </a>
          )}
        </>
      ) : (
        <span className="pec-muted">{t('addToCalendarAfterSave')}</span>
      )}
    </div>
  )
}
