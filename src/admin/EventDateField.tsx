'use client'
import type { DateFieldClientProps } from 'payload'

import { getTranslation } from '@payloadcms/translations'
import {
  DatePicker,
  FieldDescription,
  FieldError,
  FieldLabel,
  useField,
  useFormFields,
  useTranslation,
} from '@payloadcms/ui'
import { formatInTimeZone } from 'date-fns-tz'

import { toDateFnsZone } from '../core/timezones.js'
import { skippedWall } from '../core/wallTime.js'
import { useCalendarT } from './language.js'
import { dayBound, displayZone, fromWallClock, localFields, toWallClock } from './zonedTime.js'

type Props = { bound: 'end' | 'start'; siteTimezone: string }

/**
 * An event's start or end, picked as a wall-clock time in the event's own zone (the `timezone` field), with the
 * same instant in the site's zone shown underneath when the zones differ. All-day events pick a day only. A start
 * picked at a time the clock skips keeps that time in `startWall`, for a series to repeat.
 */
export const EventDateField = (props: DateFieldClientProps & Props) => {
  const { bound, field, path: pathFromProps, readOnly, siteTimezone } = props
  const { i18n } = useTranslation()
  const t = useCalendarT()
  const { disabled, path, setValue, showError, value } = useField<string>({
    potentiallyStalePath: pathFromProps,
  })
  const startWall = useField<null | string>({ path: 'startWall' })
  const eventZone = useFormFields(([fields]) => fields.timezone?.value) as string | undefined
  const allDay = Boolean(useFormFields(([fields]) => fields.allDay?.value))
  const zone = displayZone(eventZone, siteTimezone)
  const siteZone = toDateFnsZone(siteTimezone)

  const onChange = (picked: Date | null) => {
    if (readOnly || disabled) return
    if (!picked) return setValue(null)
    if (allDay) return setValue(dayBound(picked, zone, bound))
    setValue(fromWallClock(picked, zone))
    if (bound === 'start') startWall.setValue(skippedWall(localFields(picked), zone))
  }

  const siteTime =
    value && zone !== siteZone
      ? t('inSiteZone', {
          time: formatInTimeZone(value, siteZone, 'yyyy-MM-dd HH:mm'),
          zone: siteTimezone,
        })
      : null

  return (
    <div
      className={[
        'field-type',
        'date-time-field',
        'pec-field',
        'pec-date',
        showError && 'date-time-field--has-error',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <FieldLabel
        htmlFor={`${path}-input`}
        label={field.label}
        localized={field.localized}
        path={path}
        required={field.required}
      />
      <div className="field-type__wrap" id={`field-${path.replace(/\./g, '__')}`}>
        <FieldError path={path} showError={showError} />
        <DatePicker
          onChange={onChange}
          overrides={{ id: `${path}-input` }}
          pickerAppearance={allDay ? 'dayOnly' : 'dayAndTime'}
          readOnly={readOnly || disabled}
          timeIntervals={15}
          value={value ? toWallClock(value, zone) : undefined}
        />
      </div>
      <FieldDescription
        description={[getTranslation(field.admin?.description as never, i18n), siteTime]
          .filter(Boolean)
          .join(' ')}
        path={path}
      />
    </div>
  )
}
