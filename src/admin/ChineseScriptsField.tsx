'use client'
import { useConfig, useDocumentInfo, useFormModified, useLocale } from '@payloadcms/ui'
import { useState } from 'react'

import type { ChineseScripts } from '../core/chineseScripts.js'
import type { Conversions } from '../fields/chineseConversions.js'

import { adminWrite } from './adminWrite.js'
import { useCalendarT, useLabel, useLocaleName } from './language.js'

type Label = string | Record<string, string>
type Props = { fields: { name: string; label: Label }[]; scripts: ChineseScripts }

/**
 * The language being edited, if Chinese: which of its values were converted from the other script and from which
 * language and variant, each with "write my own" (the text stays, as this language's own) and "convert again";
 * and the whole record converted again from the other script in one action (docs/api.md#chinese-in-two-scripts).
 */
export const ChineseScriptsField = ({ fields, scripts }: Props) => {
  const t = useCalendarT()
  const translated = useLabel()
  const localeName = useLocaleName()
  const { config } = useConfig()
  const { collectionSlug, id, savedDocumentData } = useDocumentInfo()
  const locale = useLocale()
  const modified = useFormModified()
  const [busy, setBusy] = useState(false)
  const traditional = Object.keys(scripts.traditional)
  if (!id || ![...scripts.simplified, ...traditional].includes(locale.code)) return null

  const marks = (savedDocumentData?.chineseConversions as Conversions | null)?.[locale.code] ?? {}
  const converted = fields.filter(({ name }) => marks[name])
  const source = scripts.simplified.includes(locale.code) ? traditional[0] : scripts.simplified[0]

  async function act(action: 'convert' | 'own', names?: string[]) {
    setBusy(true)
    try {
      const answer = await adminWrite(
        `${config.routes.api}/${collectionSlug}/${id}/chinese`,
        'POST',
        { locale: locale.code, action, fields: names },
        (reason) => t('notSaved', { reason }),
      )
      if (answer) window.location.reload()
    } finally {
      setBusy(false)
    }
  }

  const disabled = busy || modified
  return (
    <div className="field-type pec-chinese">
      <span className="field-label">{t('chineseTitle')}</span>
      {modified && <p className="pec-muted">{t('saveFirst')}</p>}
      {converted.length === 0 && <p className="pec-muted">{t('chineseAllOwn')}</p>}
      <ul className="pec-chinese__list">
        {converted.map(({ name, label }) => (
          <li data-field={name} key={name}>
            {t('chineseConvertedFrom', {
              field: translated(label) ?? name,
              locale: localeName(marks[name]!.from),
              variant: t(`variant_${marks[name]!.variant}`),
            })}
            <span className="pec-chinese__actions">
              <button disabled={disabled} onClick={() => act('own', [name])} type="button">
                {t('chineseWriteOwn')}
              </button>
              <button disabled={disabled} onClick={() => act('convert', [name])} type="button">
                {t('chineseConvertAgain')}
              </button>
            </span>
          </li>
        ))}
      </ul>
      {source && (
        <button
          className="pec-chinese__all"
          disabled={disabled}
          onClick={() => act('convert')}
          type="button"
        >
          {t('chineseConvertAll', { locale: localeName(source) })}
        </button>
      )}
    </div>
  )
}
