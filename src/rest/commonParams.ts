import type { ResolvedCalendarOptions } from '../core/options.js'
import type { Param } from './params.js'

import { booleanish, nonEmptyString, ParamError, positiveInt } from './params.js'

export const languageParam = (locales: string[]): Param => ({
  type: 'string',
  enum: locales,
  description: 'The language of the response and of the localized fields',
  location: 'query',
})

export const paginationParams = (options: ResolvedCalendarOptions, what: string) => ({
  page: {
    type: 'integer',
    default: 1,
    description: 'The archive page to return',
    parse: positiveInt,
  } as Param<number>,
  per_page: {
    type: 'integer',
    default: options.defaultPerPage,
    description: `The number of ${what} to return on each page`,
    parse: (raw: unknown) => Math.min(positiveInt(raw), options.maxPerPage),
  } as Param<number>,
})

export const searchParam = (
  options: ResolvedCalendarOptions,
  description: string,
): Param<string> => ({
  type: 'string',
  description,
  maxLength: options.maxSearchLength,
  parse: nonEmptyString,
})

export const booleanParam = (description: string): Param<boolean> => ({
  type: 'boolean',
  description,
  parse: booleanish,
})

/** Publication statuses, comma-separated; which of them a caller may ask for is decided with the caller. */
export const statusParam: Param<string[]> = {
  type: 'string',
  description: 'The post status(es) to return, comma-separated',
  parse: (raw) => {
    const statuses = String(Array.isArray(raw) ? raw.join(',') : raw)
      .split(',')
      .map((status) => status.trim())
    if (
      statuses.some(
        (status) => !['draft', 'future', 'pending', 'private', 'publish', 'trash'].includes(status),
      )
    ) {
      throw new ParamError()
    }
    return statuses
  },
}

/** A latitude (`limit` 90) or longitude (180) in degrees, as a number or a numeric string. */
export const coordinateParam = (limit: number, description: string): Param<number> => ({
  type: 'number',
  description,
  parse: (raw) => {
    const value =
      typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() ? Number(raw) : NaN
    if (!Number.isFinite(value) || Math.abs(value) > limit) throw new ParamError()
    return value
  },
})
