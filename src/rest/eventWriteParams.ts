import type { ResolvedCalendarOptions } from '../core/options.js'

import { parseDateInput } from '../core/dates.js'
import { CURRENCY_POSITIONS, type CurrencyPosition } from '../core/constants.js'
import { isValidTimezone } from '../core/timezones.js'
import { type Scope, SCOPES } from '../recurrence/split.js'
import { languageParam } from './commonParams.js'
import { booleanValue, nonEmptyString, type Param, ParamError, stringValue } from './params.js'
import { publicationParams } from './postWrites.js'
import { recurrenceParam } from './recurrenceWrites.js'

/** The original Pro add-on's `_tec_update_type` and the `scope` each value means. */
export const SCOPE_OF_UPDATE_TYPE = { single: 'this', upcoming: 'following', all: 'all' } as const
type UpdateType = keyof typeof SCOPE_OF_UPDATE_TYPE

/** The parameters of event writes, declared once for validation, defaults and `/doc` (docs/api.md#write-routes). */
const date = (description: string, required: boolean): Param<string> => ({
  type: 'string',
  format: 'date-time',
  required,
  description,
  parse: (raw) => {
    if (!parseDateInput(raw, { zone: 'UTC' })) throw new ParamError()
    return String(raw)
  },
})
const flag = (description: string): Param<boolean> => ({
  type: 'boolean',
  description,
  parse: booleanValue,
})
const text = (description: string): Param<string> => ({
  type: 'string',
  description,
  parse: stringValue,
})
/** One cost as sent: text or a JSON number; `null` clears it. */
const costText = (raw: unknown, name: string): string =>
  raw === null
    ? ''
    : typeof raw === 'number' && Number.isFinite(raw)
      ? String(raw)
      : stringValue(raw, name)
const anything = (description: string, type: Param['type'] = 'array'): Param<unknown> => ({
  type,
  description,
  parse: (raw) => raw,
})
/** Linked records or terms, in any of the forms the original takes; as many as a list may hold. */
const linked = (
  options: ResolvedCalendarOptions,
  description: string,
  type: Param['type'] = 'array',
): Param<unknown> => ({
  ...anything(description, type),
  maxItems: options.maxListItems,
})

export const writeParams = (
  options: ResolvedCalendarOptions,
  locales: string[],
  required: boolean,
) => ({
  title: {
    type: 'string',
    required,
    description: 'The event title',
    parse: (raw: unknown, name: string) => nonEmptyString(stringValue(raw, name)),
  } as Param<string>,
  start_date: date(
    'The event start: wall-clock time in the event time zone unless it carries an offset',
    required,
  ),
  end_date: date('The event end, like start_date', required),
  ...publicationParams,
  slug: text('The event slug'),
  excerpt: text('The event excerpt'),
  timezone: {
    type: 'string',
    description: 'The event time zone: an IANA name or UTC±N',
    parse: (raw: unknown, name: string) => {
      const zone = stringValue(raw, name)
      if (!isValidTimezone(zone)) throw new ParamError()
      return zone
    },
  } as Param<string>,
  all_day: flag('Whether the event lasts the whole day'),
  cost: {
    type: ['string', 'number', 'array', 'null'],
    items: 'string',
    description:
      'The event cost, free text; several amounts as an array (`cost[]=10€&cost[]=20€`) make a range',
    parse: (raw: unknown, name: string) =>
      Array.isArray(raw)
        ? raw.map((amount) => costText(amount, name)).join(', ')
        : costText(raw, name),
  } as Param<string>,
  currency_symbol: text('The currency symbol of the cost'),
  currency_code: text('The ISO currency code of the cost'),
  currency_position: {
    type: 'string',
    enum: CURRENCY_POSITIONS,
    description: 'Whether the currency symbol goes before or after the cost',
    parse: (raw: unknown) => {
      if (!CURRENCY_POSITIONS.includes(raw as CurrencyPosition)) throw new ParamError()
      return raw as string
    },
  } as Param<string>,
  show_map: flag('Whether the event shows a map'),
  show_map_link: flag('Whether the event shows a map link'),
  hide_from_listings: flag('Whether the event is hidden from lists'),
  sticky: flag('Whether the event is sticky in lists'),
  featured: flag('Whether the event is featured'),
  ticketed: flag('Whether the event has tickets'),
  categories: linked(
    options,
    'Category IDs, slugs or names (also comma-separated); unknown names create categories',
    ['array', 'string', 'integer'],
  ),
  tags: linked(
    options,
    'Tag IDs, slugs or names (also comma-separated); unknown names create tags',
    ['array', 'string', 'integer'],
  ),
  venue: linked(
    options,
    'A venue ID, `{ id }`, or venue fields (creates the venue or reuses the one of that name)',
    ['object', 'integer', 'string', 'array'],
  ),
  organizer: linked(
    options,
    'Organizer IDs (also comma-separated), `[{ id }]`, or organizer fields',
    ['array', 'integer', 'string', 'object'],
  ),
  password: text('The event password; empty removes it'),
  recurrence: recurrenceParam,
  scope: {
    type: 'string',
    enum: SCOPES,
    description:
      "Ours, for an occurrence's id: `this` (the default) changes that occurrence alone, `all` its event, the occurrence's new times moving every occurrence as much, `following` a copy of the event from this occurrence on, the event ending before it",
    parse: (raw: unknown) => {
      if (!SCOPES.includes(raw as Scope)) throw new ParamError()
      return raw as Scope
    },
  } as Param<Scope>,
  _tec_update_type: {
    type: 'string',
    enum: Object.keys(SCOPE_OF_UPDATE_TYPE),
    description:
      "The original Pro add-on's name for `scope`, for an occurrence's id: `single` is `this`, `upcoming` is `following` (`this` on the last occurrence), `all` is `all`. Unsent, the Pro add-on writes to all of the event; we write to the occurrence alone",
    parse: (raw: unknown) => {
      if (!Object.hasOwn(SCOPE_OF_UPDATE_TYPE, raw as string)) throw new ParamError()
      return raw as UpdateType
    },
  } as Param<UpdateType>,
  cancelled: flag("Ours, for an occurrence's id: cancels it (true) or brings it back (false)"),
  ml_language: languageParam(locales),
})

/** What one occurrence can have of its own (docs/api.md#changing-one-occurrence); the rest is its event's. */
export const OCCURRENCE_PARAMS = new Set([
  'title',
  'description',
  'start_date',
  'end_date',
  'venue',
  'organizer',
  'image',
  'cancelled',
  'scope',
  '_tec_update_type',
  'ml_language',
])
export const OCCURRENCE_FIELDS = ['title', 'description', 'image', 'venue', 'organizers'] as const

export type WriteParams = ReturnType<typeof writeParams>
