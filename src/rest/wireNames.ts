import type { ResolvedCalendarOptions } from '../core/options.js'

import { ValidationError } from 'payload'

import { invalidParams, type ParamDetail, RestError } from './errors.js'

/** Stored fields whose parameter is not their snake_case name. */
const RENAMED: Record<string, string> = {
  organizers: 'organizer',
  passwordProtected: 'password',
  publishedAt: 'date',
  stateProvince: 'stateprovince',
}

/** The parameter naming a record of each collection: `venue`, `organizer`, or the title or name field itself. */
function nameParam(collection: string | undefined, options: ResolvedCalendarOptions): string {
  if (collection === options.slugs.venues) return 'venue'
  if (collection === options.slugs.organizers) return 'organizer'
  return 'name'
}

/**
 * The parameter a stored field of a collection is written through (`startDate` → `start_date`, a venue's `name` →
 * `venue`).
 */
export function wireName(
  path: string,
  collection: string | undefined,
  options: ResolvedCalendarOptions,
): string {
  const field = path.split('.')[0]
  if (field === 'name') return nameParam(collection, options)
  return RENAMED[field] ?? field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
}

/** Payload's refusal of a write, as the original's `rest_invalid_param`, naming the parameters the client sent. */
export const validationFailure = (
  error: ValidationError,
  options: ResolvedCalendarOptions,
  within?: string,
) =>
  invalidParams(
    Object.fromEntries(
      error.data.errors.map(({ message, path }) => {
        const name = wireName(path, error.data.collection, options)
        return [within ? `${within}[${name}]` : name, { message }]
      }),
    ),
  )

/**
 * Runs the writes of an object given inside a parameter (the venue of an event): what they refuse is named inside
 * that parameter (`venue[image]`), as the object's own parameters are.
 */
export async function within<T>(
  param: string,
  options: ResolvedCalendarOptions,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (error instanceof ValidationError) throw validationFailure(error, options, param)
    if (error instanceof RestError && error.code === 'rest_invalid_param') {
      const params = error.data.params as Record<string, string>
      const details = error.data.details as Record<string, ParamDetail>
      const inside = Object.entries(params).map(([name, message]) => [
        `${param}[${name}]`,
        { message, detail: details[name] },
      ])
      throw invalidParams(Object.fromEntries(inside))
    }
    throw error
  }
}
