import type { WireRecord } from './records.js'

import { expandSeries } from '../../recurrence/expand.js'
import { parseRule } from '../../recurrence/rule.js'

/** Events Calendar Pro lists each occurrence of a recurring event with an id from here up, sharing its slug. */
export const PRO_OCCURRENCE_BASE = 10_000_000

/** An event of the source in each language read, as the importer keeps it (src/import/tec/importTec.ts). */
export type EventEntry = {
  key: string
  url: string
  byLanguage: Map<string | undefined, WireRecord>
}

/** `2027-03-09 19:00:00` (the event's wall clock) → `2027-03-09T19:00:00`, or the date alone all day. */
const wallOf = (record: WireRecord): string =>
  record.all_day
    ? String(record.start_date).slice(0, 10)
    : String(record.start_date).replace(' ', 'T')

/**
 * The series an event of the list belongs to: on a site of this project the one its `recurrence` names; on a Pro
 * site of the original the one its slug names, when an occurrence with that slug has a Pro id. Undefined for a
 * single event.
 */
function seriesKeyOf(record: WireRecord, proSlugs: Set<string>): string | undefined {
  const origin = String(record.global_id ?? '').split('?')[0]
  if (record.recurrence && typeof record.recurrence === 'object')
    return `${origin}?id=${record.recurrence.series_id}`
  if (record.slug && proSlugs.has(record.slug)) return `${origin}?series=${record.slug}`
  return undefined
}

/**
 * One source series from its occurrences (each an entry of the list, earliest first), in every language read: the
 * earliest occurrence's record with a `recurrence` the importer writes. A site of this project gives the rule and its
 * dates; the keys the rule makes within the listed span that the list lacks were cancelled there
 * (`cancelled_occurrences`), and those listed at other times than the rule's were moved there (`moved_occurrences`).
 * A Pro site publishes no rule: its occurrences become the first one's extra dates.
 */
function mergeSeries(key: string, occurrences: EventEntry[], first: string | undefined) {
  const records = occurrences.map((entry) => entry.byLanguage.get(first)!)
  const [earliest] = records as [WireRecord]
  const given = earliest.recurrence as
    { rule: string | null; rdates: string[]; exdates: string[] } | undefined
  const recurrence = given
    ? {
        rule: given.rule,
        rdates: given.rdates,
        exdates: given.exdates,
        cancelled_occurrences: cancelledOf(records, given),
        moved_occurrences: movedOf(records),
      }
    : { rule: null, rdates: records.slice(1).map(wallOf), exdates: [] }
  // Without a website of its own an occurrence answers its own address as one: not the series' website.
  const series = (record: WireRecord) => ({
    ...record,
    recurrence,
    website: record.website === record.url ? '' : record.website,
  })
  const byLanguage = new Map<string | undefined, WireRecord>()
  for (const entry of occurrences)
    for (const [language, record] of entry.byLanguage)
      if (!byLanguage.has(language)) byLanguage.set(language, series(record))
  byLanguage.set(first, series(earliest))
  return { key, url: occurrences[0]!.url, byLanguage }
}

/** Listed occurrences at other times than the rule puts them: moved on the source, by key, with their UTC times. */
const movedOf = (records: WireRecord[]) =>
  records
    .filter(
      (record) =>
        record.recurrence?.original_start && record.recurrence.original_start !== record.start_date,
    )
    .map((record) => ({
      key: String(record.recurrence.occurrence),
      start: record.utc_start_date,
      end: record.utc_end_date,
    }))

/** Keys the rule puts within the listed occurrences' span that the list does not show: cancelled on the source. */
function cancelledOf(
  records: WireRecord[],
  given: { rule: string | null; rdates: string[]; exdates: string[] },
): string[] {
  const [earliest] = records as [WireRecord]
  const latest = records.at(-1)!
  const listed = new Set(records.map((record) => record.recurrence?.occurrence))
  const { occurrences } = expandSeries(
    {
      start: new Date(`${earliest.utc_start_date.replace(' ', 'T')}Z`),
      end: new Date(`${earliest.utc_end_date.replace(' ', 'T')}Z`),
      timezone: earliest.timezone,
      allDay: Boolean(earliest.all_day),
      rule: given.rule ? parseRule(given.rule) : undefined,
      rdates: given.rdates,
      exdates: given.exdates,
    },
    new Date(`${latest.utc_start_date.replace(' ', 'T')}Z`),
    records.length + given.exdates.length + 10_000,
  )
  return occurrences.map(({ key }) => key).filter((key) => !listed.has(key))
}

/**
 * The events of the list with each recurring event's occurrences gathered into one series
 * (docs/import.md#recurring-events), keyed by the series; single events as they were.
 */
export function gatherSeries(
  events: Map<string, EventEntry>,
  first: string | undefined,
): Map<string, EventEntry> {
  const entries = [...events.values()]
  const proSlugs = new Set(
    entries
      .map((entry) => entry.byLanguage.get(first)!)
      .filter((record) => Number(record.id) >= PRO_OCCURRENCE_BASE && record.slug)
      .map((record) => String(record.slug)),
  )
  const gathered = new Map<string, EventEntry>()
  const series = new Map<string, EventEntry[]>()
  for (const entry of entries) {
    const key = seriesKeyOf(entry.byLanguage.get(first)!, proSlugs)
    if (key) series.set(key, [...(series.get(key) ?? []), entry])
    else gathered.set(entry.key, entry)
  }
  const startOf = (entry: EventEntry) => String(entry.byLanguage.get(first)!.utc_start_date)
  for (const [key, occurrences] of series) {
    occurrences.sort((a, b) => startOf(a).localeCompare(startOf(b)))
    gathered.set(key, mergeSeries(key, occurrences, first))
  }
  return gathered
}
