import { formatInTimeZone } from 'date-fns-tz'

import type { Recurrence } from '../core/model.js'

import { toDateFnsZone } from '../core/timezones.js'
import { expandSeries, isRepeatDate } from '../recurrence/expand.js'
import {
  formatRule,
  type Frequency,
  parseRule,
  type RecurrenceRule,
  RuleError,
  WEEKDAYS,
  type Weekday,
} from '../recurrence/rule.js'

/** How the Repeat panel shows a rule: a preset with its choices, or the rule's text when no preset says it. */
export type RepeatForm = {
  preset: 'none' | Frequency | 'custom'
  interval: number
  /** Weekly: the days of the week. */
  days: Weekday[]
  /** Monthly: on the start's day of the month, or on its weekday in the month (the 2nd Tuesday, the last Friday). */
  monthly: 'date' | 'weekday'
  ends: 'never' | 'count' | 'until'
  count: number
  /** The last day, `YYYY-MM-DD`. */
  until: string
  /** Custom: the rule's text. */
  text: string
  /** Extra and left-out dates, one per line, `YYYY-MM-DD HH:MM` (a date alone all day). */
  rdates: string
  exdates: string
}

/** Where the event starts, on its own wall clock. */
export type StartDay = { date: string; weekday: Weekday }

/** The weekday of the start in its month: 1 to 4, or -1 for one in the month's last seven days. */
export function weekdayOrdinal(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return day + 7 > days ? -1 : Math.ceil(day / 7)
}

const lines = (dates: string[] | null | undefined) =>
  (dates ?? []).map((value) => value.replace('T', ' ')).join('\n')

const simple = (rule: RecurrenceRule) =>
  !rule.byMonth.length && !rule.bySetPos.length && !rule.byMonthDay.length && !rule.wkst

/** The panel's choices for a stored recurrence, on the event's start. */
export function formOf(recurrence: Recurrence | null | undefined, start: StartDay): RepeatForm {
  const form: RepeatForm = {
    preset: 'none',
    interval: 1,
    days: [start.weekday],
    monthly: 'date',
    ends: 'never',
    count: 10,
    until: '',
    text: recurrence?.rule ?? '',
    rdates: lines(recurrence?.rdates),
    exdates: lines(recurrence?.exdates),
  }
  if (!recurrence?.rule?.trim()) return form
  let rule: RecurrenceRule
  try {
    rule = parseRule(recurrence.rule)
  } catch {
    return { ...form, preset: 'custom' }
  }
  const ends = {
    interval: rule.interval,
    ends: rule.count !== undefined ? 'count' : rule.until !== undefined ? 'until' : 'never',
    count: rule.count ?? form.count,
    until: rule.until?.slice(0, 10) ?? '',
  } as const
  const plainDays = rule.byDay.every((day) => day.ordinal === undefined)
  if (rule.freq === 'WEEKLY' && simple(rule) && plainDays)
    return {
      ...form,
      ...ends,
      preset: 'WEEKLY',
      days: rule.byDay.length ? rule.byDay.map((day) => day.weekday) : form.days,
    }
  const onStartWeekday =
    rule.byDay.length === 1 &&
    rule.byDay[0]!.weekday === start.weekday &&
    rule.byDay[0]!.ordinal === weekdayOrdinal(start.date)
  if (rule.freq === 'MONTHLY' && simple(rule) && (!rule.byDay.length || onStartWeekday))
    return {
      ...form,
      ...ends,
      preset: 'MONTHLY',
      monthly: rule.byDay.length ? 'weekday' : 'date',
    }
  if ((rule.freq === 'DAILY' || rule.freq === 'YEARLY') && simple(rule) && !rule.byDay.length)
    return { ...form, ...ends, preset: rule.freq }
  return { ...form, preset: 'custom' }
}

const dates = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim().replace(' ', 'T'))
    .filter(Boolean)

/** The recurrence the panel's choices make, on the event's start; null when it does not repeat. */
export function recurrenceOf(form: RepeatForm, start: StartDay): Recurrence | null {
  const extra = { rdates: dates(form.rdates), exdates: dates(form.exdates) }
  if (form.preset === 'none') return extra.rdates.length ? { rule: null, ...extra } : null
  if (form.preset === 'custom') return { rule: form.text.trim() || null, ...extra }
  const rule: RecurrenceRule = {
    freq: form.preset,
    interval: Math.max(1, Math.floor(form.interval) || 1),
    byDay:
      form.preset === 'WEEKLY'
        ? WEEKDAYS.filter((day) => form.days.includes(day)).map((weekday) => ({ weekday }))
        : form.preset === 'MONTHLY' && form.monthly === 'weekday'
          ? [{ weekday: start.weekday, ordinal: weekdayOrdinal(start.date) }]
          : [],
    byMonthDay: [],
    byMonth: [],
    bySetPos: [],
    count: form.ends === 'count' ? Math.max(1, Math.floor(form.count) || 1) : undefined,
    until: form.ends === 'until' && form.until ? form.until : undefined,
  }
  return { rule: formatRule(rule), ...extra }
}

/** The event's start day on its own clock; today when it has no start yet. */
export function startDayOf(start: string | undefined, zone: string): StartDay {
  const at = start ? new Date(start) : new Date()
  return {
    date: formatInTimeZone(at, zone, 'yyyy-MM-dd'),
    weekday: WEEKDAYS[Number(formatInTimeZone(at, zone, 'i')) - 1] as Weekday,
  }
}

/** The event's times and zone as the form holds them. */
export type EventTimes = { start: string; end: string; timezone: string; allDay: boolean }

/**
 * The dates a rule gives, written out, with their keys (`recurrence.occurrence`); `whole` when they are all it
 * gives, not those of the preview's years only.
 */
export type Preview = { dates: string[]; keys: string[]; whole: boolean }

/** An occurrence an editor moved, changed or cancelled, as the series keeps it. */
export type EditedOccurrence = {
  key: string
  moved?: boolean
  changed?: boolean
  cancelled?: boolean
}

/**
 * The edited occurrences that saving the panel's choices would delete, with what was done to them: those whose
 * date the rule no longer gives (all of them when it no longer repeats). Beyond the preview's years of a rule
 * without end nothing is known, so nothing is said (docs/api.md#what-a-change-of-the-rule-drops).
 */
export function droppedBy(
  preview: Preview | { error: string } | undefined,
  edited: EditedOccurrence[],
): EditedOccurrence[] {
  if (preview && 'error' in preview) return []
  if (!preview) return edited
  const kept = new Set(preview.keys)
  const last = preview.keys.at(-1) ?? ''
  return edited.filter(({ key }) => !kept.has(key) && (preview.whole || key <= last))
}

/** How far ahead the preview counts. */
const PREVIEW_YEARS = 5

/**
 * The dates the panel's choices give, written out in `locale` on the event's clock, as many as the calendar keeps
 * in the preview's years; or why there are none.
 */
export function previewOf(
  form: RepeatForm,
  event: EventTimes,
  locale: string,
): Preview | { error: string } | undefined {
  const zone = toDateFnsZone(event.timezone)
  const recurrence = recurrenceOf(form, startDayOf(event.start, zone))
  if (!recurrence) return undefined
  try {
    const wrong = [...(recurrence.rdates ?? []), ...(recurrence.exdates ?? [])].find(
      (date) => !isRepeatDate(date),
    )
    if (wrong !== undefined) throw new RuleError(wrong)
    const start = new Date(event.start)
    const horizon = new Date(start)
    horizon.setUTCFullYear(horizon.getUTCFullYear() + PREVIEW_YEARS)
    const rule = recurrence.rule ? parseRule(recurrence.rule) : undefined
    const { occurrences, capped } = expandSeries(
      {
        start,
        end: new Date(event.end),
        timezone: event.timezone,
        allDay: event.allDay,
        rule,
        rdates: recurrence.rdates ?? [],
        exdates: recurrence.exdates ?? [],
      },
      horizon,
      1000,
    )
    const format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'full',
      ...(event.allDay ? {} : { timeStyle: 'short' }),
      timeZone: zone,
    })
    return {
      dates: occurrences.map((occurrence) => format.format(occurrence.start)),
      keys: occurrences.map((occurrence) => occurrence.key),
      whole: !capped && (!rule || Boolean(rule.count || rule.until)),
    }
  } catch (error) {
    if (error instanceof RuleError) return { error: error.message }
    throw error
  }
}
