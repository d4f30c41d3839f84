'use client'
import { Button, useConfig, useDocumentInfo, useTranslation } from '@payloadcms/ui'
import { type KeyboardEvent, useCallback, useEffect, useState } from 'react'

import { intlLocale, useCalendarT } from './language.js'

type Row = { id: number | string; name: string; createdAt: string; lastUsed?: null | string }
type Props = { collection: string }

/**
 * The application passwords of the user on this page, as WordPress shows them on a profile: a name and an Add
 * button, the new password shown once, and a list with creation and last use, each revocable.
 */
export const ApplicationPasswordsField = (props: Props) => {
  const { collection } = props
  const { config } = useConfig()
  const { id } = useDocumentInfo()
  const { i18n } = useTranslation()
  const t = useCalendarT()
  const [rows, setRows] = useState<Row[]>([])
  const [name, setName] = useState('')
  const [issued, setIssued] = useState<{ name: string; password: string } | null>(null)
  const [failed, setFailed] = useState(false)
  const endpoint = `${config.routes.api}/${collection}`

  const load = useCallback(async () => {
    const query = `where[user][equals]=${encodeURIComponent(String(id))}&depth=0&limit=100&sort=-createdAt`
    const response = await fetch(`${endpoint}?${query}`, { credentials: 'include' })
    if (response.ok) setRows(((await response.json()) as { docs: Row[] }).docs)
  }, [endpoint, id])
  useEffect(() => {
    if (id) void load()
  }, [id, load])
  if (!id) return null

  const add = async () => {
    if (!name.trim()) return
    const response = await fetch(endpoint, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: name.trim(), user: id }),
    })
    setFailed(!response.ok)
    if (!response.ok) return
    const { doc } = (await response.json()) as { doc: { name: string; password: string } }
    setIssued({ name: doc.name, password: doc.password })
    setName('')
    await load()
  }
  const revoke = async (row: Row) => {
    const response = await fetch(`${endpoint}/${row.id}`, {
      method: 'DELETE',
      credentials: 'include',
    })
    setFailed(!response.ok)
    await load()
  }
  // The user's form surrounds this one: Enter adds a password instead of saving the user.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    void add()
  }
  const when = new Intl.DateTimeFormat(intlLocale(i18n.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  })

  return (
    <div className="field-type pec-app-passwords">
      <h3>{t('applicationPasswords')}</h3>
      <p className="pec-muted">{t('applicationPasswordsHelp')}</p>
      <div className="pec-app-passwords__add">
        <input
          aria-label={t('applicationPasswordName')}
          className="pec-app-passwords__name"
          onChange={(event) => setName(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('applicationPasswordName')}
          type="text"
          value={name}
        />
        <Button
          buttonStyle="secondary"
          disabled={!name.trim()}
          margin={false}
          onClick={() => void add()}
          size="small"
        >
          {t('addApplicationPassword')}
        </Button>
      </div>
      {failed && <p className="pec-app-passwords__failed">{t('applicationPasswordFailed')}</p>}
      {issued && (
        <div className="pec-app-passwords__issued" role="status">
          <p>{t('newApplicationPassword', { name: issued.name })}</p>
          <code className="pec-app-passwords__secret">{issued.password}</code>
          <p>{t('applicationPasswordShownOnce')}</p>
        </div>
      )}
      {rows.length > 0 && (
        <table className="pec-app-passwords__list">
          <thead>
            <tr>
              <th>{t('applicationPasswordLabel')}</th>
              <th>{t('applicationPasswordCreated')}</th>
              <th>{t('applicationPasswordLastUsed')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.name}</td>
                <td>{when.format(new Date(row.createdAt))}</td>
                <td>{row.lastUsed ? when.format(new Date(row.lastUsed)) : '—'}</td>
                <td>
                  <Button
                    buttonStyle="secondary"
                    margin={false}
                    onClick={() => void revoke(row)}
                    size="small"
                  >
                    {t('revokeApplicationPassword')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
