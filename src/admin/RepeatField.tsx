'use client'
import type { JSONFieldClientProps } from 'payload'

import {
  Banner,
  FieldError,
  FieldLabel,
  useConfig,
  useDocumentInfo,
  useField,
  useFormFields,
  useTranslation,
} from '@payloadcms/ui'
import { useEffect, useMemo, useState } from 'react'

import type { Recurrence } from '../core/model.js'

import { isValidTimezone, toDateFnsZone } from '../core/timezones.js'
import { WEEKDAYS, type Weekday } from '../recurrence/rule.js'
import { intlLocale, useCalendarT } from './language.js'
import { editedOccurrencesAddress } from './occurrenceEdits.js'
import {
  droppedBy,
  type EditedOccurrence,
  formOf,
  previewOf,
  recurrenceOf,
  type RepeatForm,
  startDayOf,
  weekdayOrdinal,
} from './repeatForm.js'

type Props = { occurrences: string; siteTimezone: string }

/** Dates the preview lists before "and N more". */
const SHOWN = 8

/** A Monday, to name the weekdays in the UI language. */
const MONDAY = Date.UTC(2024, 0, 1)

/**
 * The event's Repeat panel (docs/api.md#recurring-events): a preset (every day, week, month, year) with its
 * choices, or a rule's text; how it ends; extra and left-out dates; and the dates it gives, worded in the UI
 * language on the event's own clock. It writes the `recurrence` value the namespace takes.
 */
export const RepeatField = (props: JSONFieldClientProps & Props) => {
  const { field, occurrences, path: pathFromProps, readOnly, siteTimezone } = props
  const { i18n } = useTranslation()
  const t = useCalendarT()
  const { path, setValue, showError, value } = useField<Recurrence | null>({
    potentiallyStalePath: pathFromProps,
  })
  const startValue = useFormFields(([fields]) => fields.startDate?.value) as string | undefined
  const endValue = useFormFields(([fields]) => fields.endDate?.value) as string | undefined
  const eventZone = useFormFields(([fields]) => fields.timezone?.value) as string | undefined
  const allDay = Boolean(useFormFields(([fields]) => fields.allDay?.value))
  const timezone = isValidTimezone(eventZone) ? eventZone : siteTimezone
  const locale = intlLocale(i18n.language)
  const start = startDayOf(startValue, toDateFnsZone(timezone))
  const [form, setForm] = useState<RepeatForm>(() => formOf(value, start))
  const update = (changes: Partial<RepeatForm>) => {
    const next = { ...form, ...changes }
    setForm(next)
    setValue(recurrenceOf(next, start))
  }
  const weekdayName = (day: Weekday, style: 'long' | 'short') =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: style }).format(
      MONDAY + WEEKDAYS.indexOf(day) * 86_400_000,
    )
  const preview = useMemo(
    () =>
      startValue && endValue
        ? previewOf(form, { start: startValue, end: endValue, timezone, allDay }, locale)
        : undefined,
    [form, startValue, endValue, timezone, allDay, locale],
  )

  const edited = useEditedOccurrences(occurrences)
  const dropped = droppedBy(preview, edited)
  const dayOf = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'medium' })
  const doneTo = (occurrence: EditedOccurrence) =>
    (['moved', 'changed', 'cancelled'] as const)
      .filter((state) => occurrence[state])
      .map((state) =>
        t(
          (
            {
              moved: 'occurrenceMoved',
              changed: 'occurrenceChanged',
              cancelled: 'occurrenceCancelled',
            } as const
          )[state],
        ),
      )
      .join(', ')

  const disabled = Boolean(readOnly)
  const ordinal = weekdayOrdinal(start.date)
  const presets = ['none', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'custom'] as const
  const presetLabel = {
    none: t('repeatNone'),
    DAILY: t('repeatDaily'),
    WEEKLY: t('repeatWeekly'),
    MONTHLY: t('repeatMonthly'),
    YEARLY: t('repeatYearly'),
    custom: t('repeatCustom'),
  }
  const repeats = form.preset !== 'none' && form.preset !== 'custom'

  return (
    <div className="field-type pec-repeat" id={`field-${path}`}>
      <FieldLabel label={field.label} path={path} />
      <FieldError path={path} showError={showError} />
      <div className="pec-repeat__row">
        <select
          aria-label={String(t('repeatNone'))}
          disabled={disabled}
          id={`${path}-preset`}
          onChange={(event) => update({ preset: event.target.value as RepeatForm['preset'] })}
          value={form.preset}
        >
          {presets.map((preset) => (
            <option key={preset} value={preset}>
              {presetLabel[preset]}
            </option>
          ))}
        </select>
        {repeats && (
          <label>
            {t('repeatInterval')}{' '}
            <input
              disabled={disabled}
              id={`${path}-interval`}
              min={1}
              onChange={(event) => update({ interval: Number(event.target.value) })}
              type="number"
              value={form.interval}
            />
          </label>
        )}
      </div>
      {form.preset === 'WEEKLY' && (
        <fieldset className="pec-repeat__days">
          <legend>{t('repeatOn')}</legend>
          {WEEKDAYS.map((day) => (
            <label key={day}>
              <input
                checked={form.days.includes(day)}
                disabled={disabled}
                name={`${path}-day-${day}`}
                onChange={(event) =>
                  update({
                    days: event.target.checked
                      ? [...form.days, day]
                      : form.days.filter((other) => other !== day),
                  })
                }
                type="checkbox"
              />
              {weekdayName(day, 'short')}
            </label>
          ))}
        </fieldset>
      )}
      {form.preset === 'MONTHLY' && (
        <div className="pec-repeat__row">
          {(['date', 'weekday'] as const).map((monthly) => (
            <label key={monthly}>
              <input
                checked={form.monthly === monthly}
                disabled={disabled}
                name={`${path}-monthly`}
                onChange={() => update({ monthly })}
                type="radio"
              />
              {monthly === 'date'
                ? t('repeatOnDate', { day: String(Number(start.date.slice(8))) })
                : ordinal === -1
                  ? t('repeatOnLastWeekday', { weekday: weekdayName(start.weekday, 'long') })
                  : t('repeatOnWeekday', {
                      nth: locale.startsWith('zh')
                        ? String(ordinal)
                        : ['1st', '2nd', '3rd', '4th'][ordinal - 1]!,
                      weekday: weekdayName(start.weekday, 'long'),
                    })}
            </label>
          ))}
        </div>
      )}
      {form.preset === 'custom' && (
        <input
          className="pec-repeat__text"
          disabled={disabled}
          id={`${path}-text`}
          onChange={(event) => update({ text: event.target.value })}
          placeholder="FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630"
          type="text"
          value={form.text}
        />
      )}
      {repeats && (
        <fieldset className="pec-repeat__row">
          <legend>{t('repeatEnds')}</legend>
          {(['never', 'count', 'until'] as const).map((ends) => (
            <label key={ends}>
              <input
                checked={form.ends === ends}
                disabled={disabled}
                name={`${path}-ends`}
                onChange={() => update({ ends })}
                type="radio"
              />
              {t(
                { never: 'repeatEndsNever', count: 'repeatEndsCount', until: 'repeatEndsUntil' }[
                  ends
                ],
              )}
            </label>
          ))}
          {form.ends === 'count' && (
            <label>
              {t('repeatTimes')}{' '}
              <input
                disabled={disabled}
                id={`${path}-count`}
                min={1}
                onChange={(event) => update({ count: Number(event.target.value) })}
                type="number"
                value={form.count}
              />
            </label>
          )}
          {form.ends === 'until' && (
            <label>
              {t('repeatLastDay')}{' '}
              <input
                disabled={disabled}
                id={`${path}-until`}
                onChange={(event) => update({ until: event.target.value })}
                type="date"
                value={form.until}
              />
            </label>
          )}
        </fieldset>
      )}
      <div className="pec-repeat__dates">
        {(['rdates', 'exdates'] as const).map((name) => (
          <label key={name}>
            {t(name === 'rdates' ? 'repeatExtraDates' : 'repeatExcludedDates')}
            <textarea
              disabled={disabled}
              id={`${path}-${name}`}
              onChange={(event) => update({ [name]: event.target.value })}
              rows={3}
              value={form[name]}
            />
          </label>
        ))}
      </div>
      {preview && 'error' in preview && (
        <p className="pec-repeat__error" role="alert">
          {t('repeatInvalid', { reason: preview.error })}
        </p>
      )}
      {dropped.length > 0 && (
        <Banner className="pec-repeat__dropped" type="error">
          {t('repeatDrops', {
            dates: dropped
              .map(
                (occurrence) =>
                  `${dayOf.format(new Date(`${occurrence.key.slice(0, 10)}T00:00:00Z`))} (${doneTo(occurrence)})`,
              )
              .join('; '),
          })}
        </Banner>
      )}
      {preview && 'dates' in preview && (
        <div className="pec-repeat__preview" aria-live="polite">
          <strong>{t('repeatPreview', { zone: timezone })}</strong>
          <ol>
            {preview.dates.slice(0, SHOWN).map((date, index) => (
              <li key={index}>{date}</li>
            ))}
          </ol>
          {preview.dates.length > SHOWN && (
            <p className="pec-muted">
              {t('repeatMore', { count: String(preview.dates.length - SHOWN) })}
            </p>
          )}
        </div>
      )}
    </div>
  )
}

/**
 * The saved event's occurrences that an editor moved, changed or cancelled, read once as the form opens: what a
 * change of the rule could drop.
 */
function useEditedOccurrences(collection: string): EditedOccurrence[] {
  const { config } = useConfig()
  const { id } = useDocumentInfo()
  const [edited, setEdited] = useState<EditedOccurrence[]>([])
  const address = id === undefined ? null : editedOccurrencesAddress(config.routes, collection, id)
  useEffect(() => {
    if (!address) return
    let current = true
    void fetch(address, { credentials: 'include' }).then(async (response) => {
      if (current && response.ok)
        setEdited(((await response.json()) as { docs: EditedOccurrence[] }).docs)
    })
    return () => {
      current = false
    }
  }, [address])
  return edited
}
