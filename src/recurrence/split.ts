import type { Recurrence } from '../core/model.js'

import { toDateFnsZone } from '../core/timezones.js'
import { expandSeries, readWall, repeatDateReader, type SeriesTiming } from './expand.js'
import { formatRule } from './rule.js'

/**
 * What a write to one occurrence changes, as calendar apps ask it: the occurrence, its series from it on (a
 * split), or all of its series.
 */
export const SCOPES = ['this', 'following', 'all'] as const
export type Scope = (typeof SCOPES)[number]

/** A series cut in two at a start of its: what stays with it before that start, and what a new series takes. */
export type Split = { before: Recurrence; after: Recurrence }

/**
 * A series' rule and dates cut at `at`, the planned start of one of its occurrences ("this and following"): the
 * series keeps its rule up to the second before (`UNTIL`; an all-day one up to the day before) and its dates
 * before `at`; the new series, starting at `at`, keeps the rule's end and its count less the starts already made,
 * and the dates from `at` on.
 */
export function splitSeries(series: SeriesTiming, at: Date): Split {
  const zone = toDateFnsZone(series.timezone)
  const startOf = repeatDateReader(series)
  const before = (value: string) => startOf(value).instant.getTime() < at.getTime()
  const part = (keep: boolean) => ({
    rdates: series.rdates.filter((value) => before(value) === keep),
    exdates: series.exdates.filter((value) => before(value) === keep),
  })
  const rule = series.rule
  if (!rule) return { before: { rule: null, ...part(true) }, after: { rule: null, ...part(false) } }
  const lastDay = readWall(at.toISOString(), zone, true).toPlainDate().subtract({ days: 1 })
  const until = series.allDay
    ? lastDay.toString()
    : `${new Date(at.getTime() - 1000).toISOString().slice(0, 19)}Z`
  const made = expandSeries(
    { ...series, rdates: [], exdates: [] },
    new Date(at.getTime() - 1),
    Number.MAX_SAFE_INTEGER,
  ).occurrences.length
  return {
    before: { rule: formatRule({ ...rule, count: undefined, until }), ...part(true) },
    after: {
      rule: formatRule({
        ...rule,
        count: rule.count === undefined ? undefined : rule.count - made,
      }),
      ...part(false),
    },
  }
}
