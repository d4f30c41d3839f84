'use client'
import {
  toast,
  useConfig,
  useDocumentInfo,
  useFormModified,
  useLocale,
  useTranslation,
} from '@payloadcms/ui'
import { useRouter } from 'next/navigation.js'
import { useCallback, useEffect, useState } from 'react'

import type { Recurrence } from '../core/model.js'

import { isSeries } from '../recurrence/series.js'
import { type Scope, SCOPES } from '../recurrence/split.js'
import { adminWrite } from './adminWrite.js'
import { intlLocale, useCalendarT } from './language.js'
import {
  draftOf,
  type OccurrenceDraft,
  occurrenceAddress,
  occurrencesAddress,
  type StoredOccurrence,
  writeOf,
} from './occurrenceEdits.js'
import { displayZone } from './zonedTime.js'

type Props = { occurrences: string; events: string; siteTimezone: string }
type Page = { docs: StoredOccurrence[]; hasPrevPage: boolean; hasNextPage: boolean }

const SCOPE_LABEL = { this: 'scopeThis', following: 'scopeFollowing', all: 'scopeAll' } as const

/**
 * A saved series' dates on its form (docs/api.md#recurring-events): each can be cancelled, brought back or
 * changed, and a change asks whether it is for this date, this and the following ones, or all of them. Every
 * action is a write to the namespace as the signed-in editor, the same a site's client would make.
 */
export const OccurrencesField = ({ occurrences, events, siteTimezone }: Props) => {
  const t = useCalendarT()
  const { i18n } = useTranslation()
  const { config } = useConfig()
  const router = useRouter()
  const locale = useLocale()
  const { id, savedDocumentData } = useDocumentInfo()
  const modified = useFormModified()
  const allDay = Boolean(savedDocumentData?.allDay)
  const zone = displayZone(savedDocumentData?.timezone, siteTimezone)
  const routes = { api: config.routes.api }
  const repeats = isSeries(savedDocumentData?.recurrence as Recurrence | undefined)

  const [includePast, setIncludePast] = useState(false)
  const [pageNumber, setPageNumber] = useState(1)
  const [page, setPage] = useState<Page | null>(null)
  const [editing, setEditing] = useState<{ id: number; draft: OccurrenceDraft; scope: Scope }>()
  const [busy, setBusy] = useState(false)

  const address =
    id && repeats
      ? occurrencesAddress(routes, occurrences, {
          series: id,
          page: pageNumber,
          includePast,
          locale: locale.code,
        })
      : null
  const load = useCallback(async () => {
    if (!address) return
    const response = await fetch(address, { credentials: 'include' })
    if (response.ok) setPage((await response.json()) as Page)
  }, [address])
  useEffect(() => void load(), [load])

  if (!id || !repeats) return null

  const when = new Intl.DateTimeFormat(intlLocale(i18n.language), {
    timeZone: zone,
    dateStyle: 'full',
    ...(!allDay && { timeStyle: 'short' }),
  })

  /** One write to the namespace; the answer's event when it worked. */
  async function write(occurrence: number, method: 'DELETE' | 'POST', body?: object) {
    setBusy(true)
    try {
      return await adminWrite<{ id?: number }>(
        occurrenceAddress(routes, occurrence, locale.code),
        method,
        body,
        (reason) => t('notSaved', { reason }),
      )
    } finally {
      setBusy(false)
    }
  }

  async function apply(occurrence: StoredOccurrence) {
    if (!editing) return
    const { draft, scope } = editing
    const answer = await write(
      occurrence.id,
      'POST',
      writeOf(draftOf(occurrence, zone, allDay), draft, scope, allDay),
    )
    if (!answer) return
    setEditing(undefined)
    toast.success(t('occurrenceSaved'))
    if (scope === 'this') return load()
    // A new event now holds the dates from this one on: open it. Or this event changed: read it again.
    if (scope === 'following' && answer.id !== undefined && answer.id !== id)
      router.push(`${config.routes.admin}/collections/${events}/${answer.id}`)
    else window.location.reload()
  }

  const field = (name: keyof OccurrenceDraft, label: string, type: string) =>
    editing && (
      <label>
        {label}
        <input
          name={`occurrence-${name}`}
          onChange={(event) =>
            setEditing({ ...editing, draft: { ...editing.draft, [name]: event.target.value } })
          }
          type={type}
          value={editing.draft[name]}
        />
      </label>
    )

  return (
    <div className="field-type pec-occurrences">
      <span className="field-label">{t('occurrencesTitle')}</span>
      {modified && <p className="pec-muted">{t('saveFirst')}</p>}
      <label className="pec-occurrences__past">
        <input
          checked={includePast}
          onChange={(event) => {
            setIncludePast(event.target.checked)
            setPageNumber(1)
          }}
          type="checkbox"
        />
        {t('occurrencesShowPast')}
      </label>
      {page && page.docs.length === 0 && <p className="pec-muted">{t('occurrencesNone')}</p>}
      <ol className="pec-occurrences__list">
        {page?.docs.map((occurrence) => (
          <li
            className={occurrence.cancelled ? 'pec-occurrences__cancelled' : undefined}
            data-occurrence={occurrence.id}
            key={occurrence.id}
          >
            <span className="pec-occurrences__when">
              {when.format(new Date(occurrence.startDate))}
            </span>
            {occurrence.title && <span> · {occurrence.title}</span>}
            {occurrence.cancelled && <em className="pec-badge">{t('occurrenceCancelled')}</em>}
            {!occurrence.cancelled && occurrence.moved && (
              <em className="pec-badge">{t('occurrenceMoved')}</em>
            )}
            {!occurrence.cancelled && !occurrence.moved && occurrence.changed && (
              <em className="pec-badge">{t('occurrenceChanged')}</em>
            )}
            <span className="pec-occurrences__actions">
              {occurrence.cancelled ? (
                <button
                  disabled={busy || modified}
                  onClick={async () =>
                    (await write(occurrence.id, 'POST', { cancelled: false })) && load()
                  }
                  type="button"
                >
                  {t('occurrenceRestore')}
                </button>
              ) : (
                <button
                  disabled={busy || modified}
                  onClick={async () => (await write(occurrence.id, 'DELETE')) && load()}
                  type="button"
                >
                  {t('occurrenceCancel')}
                </button>
              )}
              <button
                disabled={busy || modified}
                onClick={() =>
                  setEditing(
                    editing?.id === occurrence.id
                      ? undefined
                      : {
                          id: occurrence.id,
                          draft: draftOf(occurrence, zone, allDay),
                          scope: 'this',
                        },
                  )
                }
                type="button"
              >
                {t('occurrenceEdit')}
              </button>
            </span>
            {editing?.id === occurrence.id && (
              <div className="pec-occurrences__editor">
                {field('start', t('occurrenceStart'), allDay ? 'date' : 'datetime-local')}
                {field('end', t('occurrenceEnd'), allDay ? 'date' : 'datetime-local')}
                {field('title', t('occurrenceTitle', { locale: locale.code }), 'text')}
                <fieldset>
                  <legend>{t('scopeQuestion')}</legend>
                  {SCOPES.map((scope) => (
                    <label key={scope}>
                      <input
                        checked={editing.scope === scope}
                        name="occurrence-scope"
                        onChange={() => setEditing({ ...editing, scope })}
                        type="radio"
                        value={scope}
                      />
                      {t(SCOPE_LABEL[scope])}
                    </label>
                  ))}
                </fieldset>
                <button disabled={busy} onClick={() => apply(occurrence)} type="button">
                  {t('occurrenceApply')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {page && (page.hasPrevPage || page.hasNextPage) && (
        <div className="pec-occurrences__pages">
          <button
            disabled={!page.hasPrevPage}
            onClick={() => setPageNumber(pageNumber - 1)}
            type="button"
          >
            {t('previousPage')}
          </button>
          <button
            disabled={!page.hasNextPage}
            onClick={() => setPageNumber(pageNumber + 1)}
            type="button"
          >
            {t('nextPage')}
          </button>
        </div>
      )}
    </div>
  )
}
