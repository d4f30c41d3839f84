import { isObjectIdHex } from '../database/recordIds.js'
import { INVALID, invalidParams, missingParams, type ParamFailure } from './errors.js'

/** Thrown by a parser: the parameter is invalid (`message` defaults to the original's "Invalid parameter."). */
export class ParamError extends Error {
  constructor(
    message = INVALID,
    readonly detail?: ParamFailure['detail'],
  ) {
    super(message)
  }
}

export type JsonType = 'array' | 'boolean' | 'integer' | 'null' | 'number' | 'object' | 'string'

/**
 * One parameter of one route, declared once: validation, defaults, the namespace index, `OPTIONS` and the OpenAPI
 * document are all derived from it.
 */
export type Param<T = unknown> = {
  /** Several types when the parameter takes several shapes (an id, a list, or an object of fields). */
  type?: JsonType | readonly JsonType[]
  /** For arrays: the type of the items. */
  items?: JsonType
  /** OpenAPI `format`, e.g. `date-time`. */
  format?: string
  enum?: readonly string[]
  /** Longest string accepted, in characters; checked before `parse`. */
  maxLength?: number
  /** Most items accepted, counted after `parse`; a comma-separated string counts its items. */
  maxItems?: number
  description: string
  required?: boolean
  /** Documented default; what the handler does without the parameter. */
  default?: unknown
  /**
   * `query`: documented as a query parameter on writes too, since it chooses how the request is read rather than
   * carrying data (writes read their parameters from the query string and the body alike).
   */
  location?: 'query'
  /** Turns the raw value (a query string value, array, or JSON body value) into the handler's value. */
  parse?: (raw: unknown, name: string) => T
}

export type ParamSpec = Record<string, Param>
export type ParamValues<S extends ParamSpec> = {
  [K in keyof S]?: S[K] extends Param<infer T> ? T : never
}

/** PostgreSQL cannot store U+0000 in text, and no client has a reason to send it: such a value is invalid. */
export const hasNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\u0000')
    : Boolean(value) && typeof value === 'object' && Object.values(value as object).some(hasNul)

/**
 * Validates every declared parameter present in `input`; reports every failure at once, missing ones first. The
 * parameters of an object inside another (`venue` of an event) are named `within[name]`.
 */
export function validateParams<S extends ParamSpec>(
  spec: S,
  input: Record<string, unknown>,
  within?: string,
): ParamValues<S> {
  const label = (name: string) => (within ? `${within}[${name}]` : name)
  const missing = Object.keys(spec).filter(
    (name) => spec[name].required && input[name] === undefined,
  )
  if (missing.length) throw missingParams(missing.map(label))
  const values: Record<string, unknown> = {}
  const failures: Record<string, ParamFailure> = {}
  for (const [name, param] of Object.entries(spec)) {
    if (input[name] === undefined) continue
    if (hasNul(input[name])) {
      failures[label(name)] = { message: INVALID }
      continue
    }
    try {
      values[name] = withinLimits(param, label(name), input[name])
    } catch (error) {
      if (!(error instanceof ParamError)) throw error
      failures[label(name)] = { message: error.message, detail: error.detail }
    }
  }
  if (Object.keys(failures).length) throw invalidParams(failures)
  return values as ParamValues<S>
}

/** WordPress's schema errors for `maxLength` and `maxItems`, as the detail of an invalid parameter. */
const limitError = (name: string, code: string, message: string) =>
  new ParamError(message, { code, message, data: { param: name } })

const itemCount = (value: unknown) =>
  Array.isArray(value) ? value.length : typeof value === 'string' ? value.split(',').length : 1

function withinLimits(param: Param, name: string, raw: unknown): unknown {
  if (
    param.maxLength !== undefined &&
    typeof raw === 'string' &&
    [...raw].length > param.maxLength
  ) {
    throw limitError(
      name,
      'rest_too_long',
      `${name} must be at most ${param.maxLength} characters long.`,
    )
  }
  const value = param.parse ? param.parse(raw, name) : raw
  if (param.maxItems !== undefined && itemCount(value) > param.maxItems) {
    throw limitError(
      name,
      'rest_too_many_items',
      `${name} must contain at most ${param.maxItems} items.`,
    )
  }
  return value
}

const scalar = (raw: unknown): string => {
  if (typeof raw === 'string') return raw
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw)
  throw new ParamError()
}

/** WordPress's `is_positive_int`: digits only, greater than zero. */
export function positiveInt(raw: unknown): number {
  const text = scalar(raw).trim()
  if (!/^\d{1,15}$/.test(text) || Number(text) < 1) throw new ParamError()
  return Number(text)
}

/** PHP's FILTER_VALIDATE_BOOLEAN, strictly: anything else is invalid. */
export function booleanish(raw: unknown): boolean {
  if (typeof raw === 'boolean') return raw
  const text = scalar(raw).trim().toLowerCase()
  if (['1', 'true', 'yes', 'on'].includes(text)) return true
  if (['0', 'false', 'no', 'off', ''].includes(text)) return false
  throw new ParamError()
}

export function nonEmptyString(raw: unknown): string {
  const text = scalar(raw)
  if (!text.trim()) throw new ParamError()
  return text
}

/** An array given as repeated/bracketed parameters or as one comma-separated string. */
export function list(raw: unknown): string[] {
  const items = Array.isArray(raw) ? raw.map(scalar) : scalar(raw).split(',')
  const trimmed = items.map((item) => item.trim()).filter(Boolean)
  if (!trimmed.length) throw new ParamError()
  return trimmed
}

/** The largest id every adapter can hold (PostgreSQL's `serial` is a 32-bit integer). */
const MAX_RECORD_ID = 2_147_483_647

/**
 * A record id given as digits or a JSON integer; `undefined` when it is not one. An id larger than any database
 * can hold names no record, so it becomes 0, which matches nothing, instead of an error from the database.
 */
export function recordId(raw: unknown): number | undefined {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : ''
  if (!/^\d{1,15}$/.test(text) || Number(text) < 1) return undefined
  return Number(text) > MAX_RECORD_ID ? 0 : Number(text)
}

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i

/** A JSON number, or a string that reads as one: in a body, such a value is meant as a record id. */
export const isNumeric = (raw: unknown): raw is number | string =>
  typeof raw === 'number' || (typeof raw === 'string' && NUMERIC.test(raw.trim()))

/**
 * A record id sent in a body, as a number or a numeric string: 0 (no record) or a positive integer an id column
 * can hold; `undefined` for any other number (negative, fractional, beyond 32 bits), which is no id.
 */
export function bodyRecordId(raw: number | string): number | undefined {
  const value = Number(typeof raw === 'string' ? raw.trim() : raw)
  return Number.isInteger(value) && value >= 0 && value <= MAX_RECORD_ID ? value : undefined
}

/** A body parameter holding one id; 0 stands for none. Invalid unless it is such an id. */
export function bodyIdParam(raw: unknown): number {
  const id = isNumeric(raw) ? bodyRecordId(raw) : undefined
  if (id === undefined) throw new ParamError()
  return id
}

/** An id parameter: invalid unless it is a record id. */
export function idParam(raw: unknown): number {
  const id = recordId(scalar(raw))
  if (id === undefined) throw new ParamError()
  return id
}

export const idList = (raw: unknown): number[] => list(raw).map(idParam)

/** A user's id: a record id, or an ObjectId's 24 hex digits (users are not numbered on MongoDB). */
export function userIdParam(raw: unknown): number | string {
  const text = scalar(raw)
  return isObjectIdHex(text) ? text.toLowerCase() : idParam(raw)
}

/** Ids or slugs: digits are ids, anything else a slug. */
export const idOrSlugList = (raw: unknown): (number | string)[] =>
  list(raw).map((item) => (/^\d+$/.test(item) ? idParam(item) : item))

/** A JSON type mismatch, reported as the original does: `<name> is not of type <type>.` with a nested detail. */
export function typeError(name: string, type: JsonType): ParamError {
  const message = `${name} is not of type ${type}.`
  return new ParamError(message, { code: 'rest_invalid_type', message, data: { param: name } })
}

/** A string body value; numbers are not coerced, as in the original's JSON schema check. */
export function stringValue(raw: unknown, name: string): string {
  if (typeof raw !== 'string') throw typeError(name, 'string')
  return raw
}

/** A boolean body value: JSON booleans, or the strings and numbers WordPress accepts for them. */
export function booleanValue(raw: unknown, name: string): boolean {
  if (typeof raw === 'boolean') return raw
  if (raw === 1 || raw === 0) return raw === 1
  if (typeof raw === 'string' && ['true', '1', 'false', '0', ''].includes(raw.toLowerCase())) {
    return raw === 'true' || raw === '1'
  }
  throw typeError(name, 'boolean')
}
