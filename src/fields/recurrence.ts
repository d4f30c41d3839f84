import type { Field, PayloadRequest } from 'payload'

import type { Recurrence } from '../core/model.js'

import { t3 } from '../core/adminLanguages.js'
import { isRepeatDate } from '../recurrence/expand.js'
import { parseRule, RuleError } from '../recurrence/rule.js'

const KEYS = new Set(['rule', 'rdates', 'exdates'])

function validRecurrence(value: unknown, { req }: { req: PayloadRequest }): string | true {
  if (value === null || value === undefined) return true
  if (
    typeof value !== 'object' ||
    Array.isArray(value) ||
    Object.keys(value).some((key) => !KEYS.has(key))
  )
    return req.t(
      'calendar:invalidRule' as never,
      { reason: 'it is { rule, rdates, exdates }' } as never,
    )
  const { rule, rdates, exdates } = value as Recurrence
  if (rule !== null && rule !== undefined) {
    if (typeof rule !== 'string')
      return req.t('calendar:invalidRule' as never, { reason: String(rule) } as never)
    try {
      if (rule.trim()) parseRule(rule)
    } catch (error) {
      if (!(error instanceof RuleError)) throw error
      return req.t('calendar:invalidRule' as never, { reason: error.message } as never)
    }
  }
  for (const dates of [rdates, exdates]) {
    if (dates === null || dates === undefined) continue
    const wrong = Array.isArray(dates)
      ? dates.find((item) => typeof item !== 'string' || !isRepeatDate(item))
      : dates
    if (wrong !== undefined)
      return req.t('calendar:invalidRepeatDate' as never, { value: String(wrong) } as never)
  }
  return true
}

/**
 * How an event repeats: an RFC 5545 rule, extra dates and excluded dates, all in the event's own zone
 * (docs/decisions.md#recurring-events-rules-and-their-expansion). Without a rule or extra dates it happens once.
 * One JSON value, so that the namespace's SQL reads take it as one column; the admin edits it in the Repeat panel
 * (`collections/events.ts`).
 */
export const recurrenceField = {
  name: 'recurrence',
  type: 'json',
  label: t3('Repeat', '重复', '重複'),
  validate: validRecurrence as never,
} satisfies Field
