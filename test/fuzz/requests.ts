import fc from 'fast-check'

import type { Param } from '../../src/rest/params.js'
import type { EventsCalendarOptions } from '../../src/core/options.js'

import { calendarRoutes } from '../../endpoints/index.js'
import { resolveOptions } from '../../src/core/options.js'
import { METHODS, type Method, type MethodSpec } from '../../src/rest/route.js'
import {
  BROKEN_PERCENT,
  type Fixture,
  hostileJson,
  hostileText,
  type Known,
  notAnIdJson,
  percentEncode,
  plausibleJson,
  plausibleText,
} from './values.js'

export type { Fixture } from './values.js'

/** One method of one route of the namespace, as the route table declares it. */
export type FuzzTarget = {
  name: string
  method: Method
  path: string
  params: Record<string, Param>
}

/**
 * Every route and method of the namespace, from the same route table that serves it; reads first and deletes last,
 * so that reads meet the fixture whole.
 */
export function fuzzTargets(options: EventsCalendarOptions, locales: string[]): FuzzTarget[] {
  return calendarRoutes(resolveOptions(options), locales)
    .flatMap((route) =>
      METHODS.flatMap((method) => {
        const spec = route.methods[method] as MethodSpec | undefined
        return spec
          ? [
              {
                name: `${method} ${route.path || '/'}`,
                method,
                path: route.path,
                params: spec.params,
              },
            ]
          : []
      }),
    )
    .sort((a, b) => METHODS.indexOf(a.method) - METHODS.indexOf(b.method))
}

export type Caller = 'anonymous' | 'editor'

/**
 * One request: `path` and `query` are raw (already percent-encoded, possibly badly); a `latin1` body is sent one
 * byte per character, so that characters above U+007F become bytes that are not UTF-8.
 */
export type FuzzCase = {
  method: string
  caller: Caller
  path: string
  query: string
  body?: { contentType?: string; text: string; latin1?: boolean }
}

const rawText = (text: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 4, arbitrary: text.map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_PERCENT) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(text, fc.constantFrom(...BROKEN_PERCENT))
        .map(([value, bad]) => percentEncode(value) + bad),
    },
  )

/** A path segment for `:id(\d+)` or `:slug`: real ones, digits of any length, or anything for a slug. */
function segment(pattern: string | undefined, known: Known): fc.Arbitrary<string> {
  if (pattern) {
    return fc.oneof(
      fc.constantFrom(...known.ids),
      fc.stringMatching(/^\d{1,25}$/),
      fc.constantFrom('0', '00'),
    )
  }
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...known.slugs) },
    { weight: 3, arbitrary: rawText(hostileText) },
  )
}

/** `events` for `/events/:id(\\d+)`: the family of records a route serves. */
const familyOf = (target: FuzzTarget) => target.path.split('/')[1] ?? ''

function pathOf(target: FuzzTarget, fixture: Fixture): fc.Arbitrary<string> {
  const known = fixture[familyOf(target)] ?? fixture.events
  const parts = target.path.split(/(:\w+(?:\([^)]*\))?)/).filter(Boolean)
  return fc
    .tuple(
      ...parts.map((part) => {
        const token = /^:(\w+)(?:\(([^)]*)\))?$/.exec(part)
        return token ? segment(token[2], known) : fc.constant(part)
      }),
    )
    .map((pieces) => pieces.join(''))
}

/** A parameter name as a client may spell it: plain, bracketed, nested, or another parameter entirely. */
function keyOf(names: string[]): fc.Arbitrary<string> {
  const name = fc.constantFrom(...names)
  return fc.oneof(
    { weight: 6, arbitrary: name },
    { weight: 1, arbitrary: name.map((n) => `${n}[]`) },
    { weight: 1, arbitrary: name.map((n) => `${n}[0]`) },
    { weight: 1, arbitrary: name.map((n) => `${n}[a][b][c][]`) },
    {
      weight: 1,
      arbitrary: fc.tuple(name, hostileText).map(([n, key]) => `${n}[${percentEncode(key)}]`),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'where[title][like]',
        'where[or][0][id][equals]',
        'where[_status][equals]',
        'locale',
        'fallbackLocale',
        'fallback-locale',
        'fallbackLocale[x]',
        'depth',
        'draft',
        'trash',
        'select[title]',
        '__proto__[polluted]',
        'constructor[prototype][polluted]',
        '',
        '[]',
        '%5B',
      ),
    },
    { weight: 1, arbitrary: rawText(hostileText) },
  )
}

/**
 * `a=1&a[]=2&b[c][]=…`: declared names with hostile or badly encoded values, bracketed, nested and repeated at
 * will; `plausible` queries carry declared names with values of the right kind only.
 */
function pairsOf(target: FuzzTarget, fixture: Fixture, plausible: boolean): fc.Arbitrary<string> {
  const names = Object.keys(target.params)
  if (!names.length) names.push('ml_language')
  const pair = (plausible ? fc.constantFrom(...names) : keyOf(names)).chain((key) => {
    const base = key.replace(/\[.*$/, '')
    const param = target.params[base]
    const value = param
      ? plausibleText(base, param, familyOf(target), fixture)
      : fc.string({ maxLength: 5 })
    if (plausible) return value.map((text) => `${key}=${percentEncode(text)}`)
    return fc
      .oneof(
        { weight: 3, arbitrary: rawText(value) },
        { weight: 2, arbitrary: rawText(hostileText) },
        { weight: 1, arbitrary: fc.constant(null) },
      )
      .map((text) => (text === null ? key : `${key}=${text}`))
  })
  return fc.array(pair, { maxLength: plausible ? 3 : 7 }).map((pairs) => pairs.join('&'))
}

/**
 * A JSON object, written by hand so that keys may repeat and `__proto__` stays an own key. `plausible` bodies
 * carry only values of the right kind (with hostile free text), so that writes also succeed; the others mix in
 * wrong types and shapes.
 */
function jsonObjectOf(
  target: FuzzTarget,
  fixture: Fixture,
  plausible: boolean,
): fc.Arbitrary<string> {
  const names = Object.keys(target.params)
  const declared = names.map((name) => {
    const param = target.params[name] as Param
    const fitting = plausibleJson(name, param, familyOf(target), fixture)
    const notAnId = notAnIdJson(name, param)
    const value = plausible
      ? fitting
      : fc.oneof(
          { weight: 3, arbitrary: fitting },
          { weight: 2, arbitrary: hostileJson },
          ...(notAnId ? [{ weight: 3, arbitrary: notAnId }] : []),
        )
    return fc.oneof(
      { weight: param.required ? 9 : 1, arbitrary: value.map((v) => [name, v] as const) },
      { weight: param.required ? 1 : 2, arbitrary: fc.constant(null) },
    )
  })
  // Stored fields no client may set, prototype keys, and declared names again (a key that repeats).
  const extraKey = fc.constantFrom(
    ...names,
    '__proto__',
    'constructor',
    'id',
    'deletedAt',
    '_status',
    'passwordHash',
    'searchText',
    'where',
  )
  const extra = fc.array(fc.tuple(extraKey, hostileJson), { maxLength: 2 })
  return fc.tuple(fc.tuple(...declared), plausible ? fc.constant([]) : extra).map(
    ([entries, extras]) =>
      `{${[...entries, ...extras]
        .filter((entry): entry is readonly [string, unknown] => entry !== null)
        .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`)
        .join(',')}}`,
  )
}

function bodyOf(target: FuzzTarget, fixture: Fixture): fc.Arbitrary<FuzzCase['body']> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: jsonObjectOf(target, fixture, true).map((text) => ({
        contentType: 'application/json',
        text,
      })),
    },
    {
      weight: 4,
      arbitrary: jsonObjectOf(target, fixture, false).map((text) => ({
        contentType: 'application/json',
        text,
      })),
    },
    {
      weight: 3,
      arbitrary: pairsOf(target, fixture, false).map((text) => ({
        contentType: 'application/x-www-form-urlencoded',
        text,
      })),
    },
    {
      weight: 1,
      arbitrary: jsonObjectOf(target, fixture, true).map((text) => ({
        contentType: 'application/json',
        text: `{"caf\u00e9":"\u00ff"${text === '{}' ? '' : ','}${text.slice(1)}`,
        latin1: true,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '{"title":',
          'null',
          '[]',
          '"text"',
          '1',
          '{"a":1}}',
          '\u0000',
          '{"title":"\\ud800"}',
          `{"x":${'['.repeat(5000)}`,
          `{"title":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
          `{"cost":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`,
        )
        .map((text) => ({ contentType: 'application/json', text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            undefined,
            'text/plain',
            'application/xml',
            'multipart/form-data; boundary=x',
            'application/json; charset=latin1',
            'application/JSON',
          ),
          hostileText,
        )
        .map(([contentType, text]) => ({ contentType, text })),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  )
}

/**
 * Node refuses a request whose head exceeds 16 KiB itself (431, before any application code), so generated
 * paths and queries stay below that.
 */
const HEAD_LIMIT = 12_000
const clipped = (text: string) => text.slice(0, HEAD_LIMIT / 2)

/** Requests for one target: its path with real or hostile segments, a query, and for writes a body and a caller. */
export function casesFor(target: FuzzTarget, fixture: Fixture): fc.Arbitrary<FuzzCase> {
  const write = target.method !== 'GET'
  return fc.record({
    method: fc.constant(target.method),
    caller: write
      ? fc.constantFrom<Caller>('editor', 'editor', 'anonymous')
      : fc.constantFrom<Caller>('anonymous', 'editor'),
    path: pathOf(target, fixture).map(clipped),
    query: fc
      .oneof(
        { weight: write ? 0 : 1, arbitrary: pairsOf(target, fixture, true) },
        { weight: write ? 3 : 0, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: pairsOf(target, fixture, false) },
      )
      .map(clipped),
    body: write ? bodyOf(target, fixture) : fc.constant(undefined),
  })
}

/** The body parameters of a target that hold ids, with numbers that are no id for each. */
export const notAnIdParams = (target: FuzzTarget) =>
  target.method === 'GET' || target.method === 'DELETE'
    ? []
    : Object.entries(target.params).flatMap(([name, param]) => {
        const values = notAnIdJson(name, param)
        return values
          ? [values.map((value) => `${JSON.stringify(name)}:${JSON.stringify(value)}`)]
          : []
      })

/**
 * Writes by an editor whose JSON body is plausible but for one id parameter, which holds a number no id column
 * holds (alone, in a list, as `{ id }` or inside a venue or organizer object): each must be refused.
 */
export function notAnIdCases(target: FuzzTarget, fixture: Fixture): fc.Arbitrary<FuzzCase> {
  const pairs = notAnIdParams(target)
  return fc.record({
    method: fc.constant(target.method),
    caller: fc.constant<Caller>('editor'),
    path: pathOf(target, fixture).map(clipped),
    query: fc.constant(''),
    body: fc
      .tuple(jsonObjectOf(target, fixture, true), fc.oneof(...pairs))
      .map(([object, pair]) => ({
        contentType: 'application/json',
        // A key given twice counts once, as its last value.
        text: `${object.slice(0, -1)}${object === '{}' ? '' : ','}${pair}}`,
      })),
  })
}

/** Requests to paths and methods the namespace does not have, and to routes with broken segments. */
export function strayCases(): fc.Arbitrary<FuzzCase> {
  const segmentArb = fc.oneof(
    fc.constantFrom('events', 'venues', 'by-slug', 'categories', '.', '', 'doc'),
    rawText(hostileText),
  )
  return fc.record({
    method: fc.constantFrom(...METHODS, 'OPTIONS'),
    caller: fc.constantFrom<Caller>('anonymous', 'editor'),
    path: fc
      .array(segmentArb, { minLength: 1, maxLength: 4 })
      .map((segments) => clipped(`/${segments.join('/')}`)),
    query: fc.constantFrom('', 'ml_language=en', 'a[b][c][]=%', `q=${BROKEN_PERCENT.join('')}`),
    body: fc.constant(undefined),
  })
}
