'use client'
import type { TextFieldClientProps } from 'payload'

import { getTranslation } from '@payloadcms/translations'
import {
  ChevronIcon,
  FieldDescription,
  FieldError,
  FieldLabel,
  ReactSelect,
  useField,
  useForm,
  useFormFields,
  useTranslation,
} from '@payloadcms/ui'
import { formatInTimeZone } from 'date-fns-tz'
import { useMemo } from 'react'

import { isValidTimezone, toDateFnsZone, zoneNames } from '../core/timezones.js'
import { sameWallClock } from './zonedTime.js'

type Props = { siteTimezone: string }

const zoneOption = (zone: string) => ({
  label: `${zone} (UTC${formatInTimeZone(Date.now(), toDateFnsZone(zone), 'xxx')})`,
  value: zone,
})

/** Every IANA zone, the site's first; a stored zone not among them (`UTC±N`, an old name) is an option of its own. */
function zoneOptions(siteTimezone: string, current: string | undefined) {
  const zones = zoneNames().filter((zone) => zone !== siteTimezone)
  const first = [
    siteTimezone,
    ...(current && current !== siteTimezone && !zones.includes(current) ? [current] : []),
  ]
  return [...first, ...zones].filter((zone) => isValidTimezone(zone)).map(zoneOption)
}

/**
 * The select's open-the-list mark. react-select hides it from assistive technology, so it is no button taking focus
 * there (the input opens the list from the keyboard), as Payload's own indicator is.
 */
const DropdownIndicator = ({ innerProps }: { innerProps: Record<string, unknown> }) => (
  <div className="dropdown-indicator" {...innerProps}>
    <ChevronIcon className="dropdown-indicator__icon" />
  </div>
)

/**
 * The event's time zone as a searchable select. Changing it keeps the start and end at the same wall-clock
 * times, now in the new zone: an editor who picked 19:30 and then the zone means 19:30 there.
 */
export const TimezoneField = (props: TextFieldClientProps & Props) => {
  const { field, path: pathFromProps, readOnly, siteTimezone } = props
  const { i18n } = useTranslation()
  const { disabled, path, setValue, showError, value } = useField<string>({
    potentiallyStalePath: pathFromProps,
  })
  const { dispatchFields } = useForm()
  const start = useFormFields(([fields]) => fields.startDate?.value) as string | undefined
  const end = useFormFields(([fields]) => fields.endDate?.value) as string | undefined
  const options = useMemo(() => zoneOptions(siteTimezone, value), [siteTimezone, value])

  const onChange = (option: unknown) => {
    const next = (option as null | { value: string })?.value
    if (!next || next === value) return
    const from = toDateFnsZone(isValidTimezone(value) ? value : siteTimezone)
    const to = toDateFnsZone(next)
    for (const [name, instant] of [
      ['startDate', start],
      ['endDate', end],
    ] as const) {
      if (instant)
        dispatchFields({ type: 'UPDATE', path: name, value: sameWallClock(instant, from, to) })
    }
    setValue(next)
  }

  return (
    <div
      className={['field-type', 'select', 'pec-field', showError && 'error']
        .filter(Boolean)
        .join(' ')}
      id={`field-${path}`}
    >
      <FieldLabel
        htmlFor={`${path}-select`}
        label={field.label}
        path={path}
        required={field.required}
      />
      <div className="field-type__wrap">
        <FieldError path={path} showError={showError} />
        <ReactSelect
          components={{ DropdownIndicator }}
          disabled={readOnly || disabled}
          inputId={`${path}-select`}
          isClearable={false}
          onChange={onChange}
          options={options}
          showError={showError}
          value={options.find((option) => option.value === value)}
        />
      </div>
      <FieldDescription
        description={getTranslation(field.admin?.description as never, i18n)}
        path={path}
      />
    </div>
  )
}
