import fc from 'fast-check'

import type { Param } from '../../src/rest/params.js'

/** Strings a database, a query builder or a template might treat as code. */
export const INJECTIONS = [
  "' OR 1=1--",
  "1' OR '1'='1",
  '1; DROP TABLE events;--',
  "'; SELECT pg_sleep(5);--",
  '" OR ""="',
  '{"$gt":""}',
  '{"$ne":null}',
  '{"$where":"sleep(1000)"}',
  '%',
  '_',
  '%%',
  '100%',
  'a_b',
  '%_%',
  '\\',
  '\\%',
  '*',
  '(a+)+$',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '[]',
  '{}',
]

/** Text that is valid but unusual: direction overrides, combining marks, emoji, NUL, BOM, lone surrogates. */
export const UNICODE = [
  '\u202Egnp.exe',
  'e\u0301\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦',
  '\u0000',
  'a\u0000b',
  '\uFEFFbom',
  'zero\u200Bwidth',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '新年音樂會',
  'עברית',
  'مرحبا',
  '\uD800',
  '\uDFFFx',
  '\uFFFD',
  'line\r\nbreak',
  ' \t ',
]

/** Numbers in every shape a parser might get wrong. */
export const NUMBERS = [
  '-1',
  '0',
  '-0',
  '00',
  '1.5',
  '1e3',
  '1e309',
  '0x10',
  '+1',
  ' 1',
  'Infinity',
  '-Infinity',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999999',
]

/** Percent sequences that do not decode: truncated, not hex, overlong or surrogate UTF-8, bare `%`. */
export const BROKEN_PERCENT = [
  '%',
  '%%',
  '%2',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%FF',
  '%ED%A0%80',
  '%F0%9F%98',
  '%u0041',
  '%00',
]

const UNRESERVED = /[A-Za-z0-9\-._~]/

/** Percent-encodes the UTF-8 of `text`; lone surrogates become U+FFFD, as a browser would send them. */
export function percentEncode(text: string): string {
  let out = ''
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte)
    out += UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

const long = fc
  .tuple(fc.constantFrom('x', '%', 'é', '🎉', "' OR 1=1--"), fc.constantFrom(300, 2_000, 6_000))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)))

/** Any text a hostile client might send. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS, ...UNICODE, ...NUMBERS, '') },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 1, arbitrary: long },
)

/** What the fixture holds per route family (`events`, `venues`, …), so that values sometimes name real records. */
export type Known = { ids: string[]; slugs: string[] }
export type Fixture = Record<string, Known>

/** The family a parameter's ids belong to; any other parameter refers to the route's own family. */
const FAMILY_OF = new Map(
  Object.entries({
    categories: 'categories',
    parent: 'categories',
    tags: 'tags',
    venue: 'venues',
    organizer: 'organizers',
    event: 'events',
    post: 'events',
    post_parent: 'events',
  }),
)

const DATES = [
  '2026-12-05',
  '2026-12-05 20:00',
  '2027-01-10T14:00:00Z',
  '2027-01-10T14:00:00+08:00',
  '1815141600',
  '12/05/2026',
  'tomorrow 10:00',
  '+1 week',
  'next wednesday 4pm',
  '0000-00-00 00:00:00',
  '9999-12-31 23:59:59',
  '2026-02-30',
]

/** Repeat rules, valid and not: endless, counted, ended, on weekdays of the month, at the limits of RFC 5545. */
const RULES = [
  'FREQ=WEEKLY;COUNT=3',
  'FREQ=DAILY;INTERVAL=2;UNTIL=20280101',
  'FREQ=MONTHLY;BYDAY=-1FR;COUNT=12',
  'FREQ=YEARLY',
  'FREQ=MINUTELY;COUNT=5',
  'FREQ=DAILY;COUNT=100000',
  'FREQ=WEEKLY;BYDAY=XX',
  'FREQ=DAILY;UNTIL=20000101',
  'RRULE:FREQ=DAILY;COUNT=2',
  '',
]

/** `recurrence` as the JSON of a write: rule text, `{ rule, rdates, exdates }`, or the rule part by part. */
const recurrenceJson = fc.oneof(
  fc.constantFrom(...RULES, null),
  fc.record(
    {
      rule: fc.constantFrom(...RULES),
      rdates: fc.array(fc.constantFrom(...DATES), { maxLength: 2 }),
      exdates: fc.array(fc.constantFrom(...DATES), { maxLength: 2 }),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      frequency: fc.constantFrom('daily', 'weekly', 'monthly', 'yearly', 'hourly'),
      interval: fc.constantFrom(1, 2, 0, -1),
      days: fc.array(fc.constantFrom('MO', 'TU', 'FR', '1MO', '-1FR', 'XX'), { maxLength: 2 }),
      count: fc.constantFrom(3, 0, 1_000_000),
      until: fc.constantFrom('2027-06-30', '2000-01-01', 'never'),
    },
    { requiredKeys: ['frequency'] },
  ),
)

/** Values of parameters whose type alone does not say what is valid; event ends come after every start. */
const BY_NAME = new Map(
  Object.entries({
    start_date: [
      '2027-03-05 20:00',
      '2027-01-10T14:00:00Z',
      '2027-01-10T14:00:00+08:00',
      'tomorrow 10:00',
      '1815141600',
      '12/05/2026',
      'next wednesday 4pm',
    ],
    end_date: ['2028-03-06 23:00', '2028-12-31', '+2 years'],
    date: DATES,
    date_utc: DATES,
    timezone: ['America/New_York', 'Europe/Berlin', 'UTC+2', 'UTC-5:30', 'Asia/Hong_Kong'],
    website: ['https://example.com/a?b=1&c=<x>', 'http://127.0.0.1/', ''],
    image: [''],
    email: ['alice@example.com', "o'hara@example.com"],
    author: ['1', '2'],
    cost: ['$10', '10 - 20', 'Free', '0', '<b>5</b> USD'],
    ml_language: ['en', 'zh-hant', 'zh-hans'],
    recurrence: RULES,
  }),
)

const knownFor = (name: string, family: string, fixture: Fixture): Known =>
  fixture[FAMILY_OF.get(name) ?? family] ?? fixture.events

/** The type a parameter is first declared with; one that takes several shapes lists its usual one first. */
const typeOf = (param: Param) => (typeof param.type === 'object' ? param.type[0] : param.type)

/** A plausible value for a declared parameter, as text: what a well-behaved client would send. */
export function plausibleText(
  name: string,
  param: Param,
  family: string,
  fixture: Fixture,
): fc.Arbitrary<string> {
  const known = knownFor(name, family, fixture)
  const id = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known.ids) },
    fc.integer({ min: 1, max: 99 }).map(String),
  )
  const named = BY_NAME.get(name)
  if (named) return fc.constantFrom(...named)
  if (param.enum?.length) return fc.constantFrom(...param.enum)
  if (param.format === 'date-time') return fc.constantFrom(...DATES)
  switch (typeOf(param)) {
    case 'integer':
      return id
    case 'number':
      return fc.double({ min: -200, max: 200, noNaN: true }).map((value) => value.toFixed(4))
    case 'boolean':
      return fc.constantFrom('true', 'false', '1', '0', 'yes', '')
    case 'array':
      return fc
        .array(fc.oneof(id, fc.constantFrom(...known.slugs)), { minLength: 1, maxLength: 4 })
        .map((items) => items.join(','))
    default:
      return fc.oneof(
        fc.constantFrom(...known.slugs, 'Jazz', 'Blue Note Hall', 'music'),
        fc.string({ maxLength: 10 }),
      )
  }
}

const linkedRecord = (name: string): fc.Arbitrary<object> =>
  name === 'venue'
    ? fc.record({
        venue: fc.oneof(fc.constantFrom('Fuzz Hall', 'Blue Note Hall'), hostileText),
        city: hostileText,
      })
    : fc.record({
        organizer: fc.oneof(fc.constantFrom('Fuzz Org', 'Alice Events'), hostileText),
        email: fc.constantFrom('a@example.com', ''),
      })

/**
 * A plausible JSON value for a declared parameter. Free text (titles, names, descriptions) is valid whatever it
 * holds, so it gets hostile text too.
 */
export function plausibleJson(
  name: string,
  param: Param,
  family: string,
  fixture: Fixture,
): fc.Arbitrary<unknown> {
  const known = knownFor(name, family, fixture)
  const ids = fc.array(fc.constantFrom(...known.ids.map(Number)), { maxLength: 3 })
  if (name === 'recurrence') return recurrenceJson
  if (typeOf(param) === 'integer') return plausibleText(name, param, family, fixture).map(Number)
  if (typeOf(param) === 'boolean') return fc.boolean()
  // Linked records in event writes; in their own routes `venue` and `organizer` are the name.
  if (name === 'venue' && typeOf(param) !== 'string')
    return fc.oneof(
      fc.constantFrom(...known.ids.map(Number)),
      ids.map((list) => ({ id: list[0] ?? 1 })),
      linkedRecord(name),
    )
  if (name === 'organizer' && typeOf(param) !== 'string')
    return fc.oneof(
      ids,
      ids.map((list) => list.join(',')),
      fc.array(linkedRecord(name), { maxLength: 2 }),
    )
  if (typeOf(param) === 'array')
    return fc.oneof(
      ids,
      fc.array(fc.oneof(fc.constantFrom(...known.slugs), hostileText), { maxLength: 3 }),
    )
  if (typeOf(param) === 'string' && !param.enum && !param.format && !BY_NAME.has(name)) {
    return fc.oneof(plausibleText(name, param, family, fixture), hostileText)
  }
  return plausibleText(name, param, family, fixture)
}

/** Numbers no id column holds (beyond 32 bits, negative, fractional), as JSON numbers and as numeric strings. */
export const NOT_IDS = [
  2147483648,
  4294967297,
  1e20,
  -1,
  1.5,
  1e300,
  '2147483648',
  '4294967297',
  '99999999999999999999',
  '-1',
  '1.5',
  '1e300',
  ' -7 ',
]

/** Body parameters holding ids, in event, venue, organizer and term writes. */
const ID_PARAMS = new Set(['image', 'author', 'parent', 'categories', 'tags', 'venue', 'organizer'])

/**
 * For a parameter holding ids: such a number alone, in a list, as `{ id }`, or as the image or author of a
 * venue or organizer object; `undefined` for other parameters (and for the name `venue` of the venue routes).
 */
export function notAnIdJson(name: string, param: Param): fc.Arbitrary<unknown> | undefined {
  if (
    !ID_PARAMS.has(name) ||
    ((name === 'venue' || name === 'organizer') && typeOf(param) === 'string')
  )
    return undefined
  const notAnId = fc.constantFrom(...NOT_IDS)
  const inside = fc
    .tuple(fc.constantFrom('image', 'author'), notAnId)
    .map(([key, id]) => ({ [name]: `Fuzz ${name}`, [key]: id }))
  return fc.oneof(
    { weight: 3, arbitrary: notAnId },
    { weight: 1, arbitrary: fc.array(notAnId, { minLength: 1, maxLength: 2 }) },
    { weight: 1, arbitrary: notAnId.map((id) => ({ id })) },
    ...(name === 'venue' || name === 'organizer' ? [{ weight: 1, arbitrary: inside }] : []),
  )
}

/** JSON of the wrong type or shape: operators, deep nesting, huge numbers, long arrays. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      null,
      true,
      0,
      -1,
      1.5,
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER + 2,
      { $gt: '' },
      { $ne: null },
      { equals: 1 },
      { id: '1 OR 1=1' },
      { id: { in: [1, 2] } },
      JSON.parse(`${'['.repeat(200)}1${']'.repeat(200)}`),
      Array.from({ length: 2_000 }, (_, index) => index + 1),
      Array.from({ length: 300 }, () => ({ organizer: 'Bulk' })),
    ),
  },
)
