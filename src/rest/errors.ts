import type { AfterErrorHook } from 'payload'

import type { Id } from '../core/model.js'

import { isDatabaseUnavailable } from '../database/errors.js'

/** The original's error body: `{ code, message, data: { status, … } }`, plus top-level extras for a few codes. */
export class RestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly data: Record<string, unknown> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }

  toBody(): Record<string, unknown> {
    return {
      code: this.code,
      message: this.message,
      data: { status: this.status, ...this.data },
      ...this.extra,
    }
  }
}

/** A nested error of `data.details`, for JSON type mismatches and the like. */
export type ParamDetail = { code: string; message: string; data: Record<string, unknown> }
export type ParamFailure = { message: string; detail?: ParamDetail }

export const INVALID = 'Invalid parameter.'

/** Every bad parameter of a request at once, as the original reports them. */
export function invalidParams(failures: Record<string, ParamFailure>): RestError {
  const names = Object.keys(failures)
  const params = Object.fromEntries(names.map((name) => [name, failures[name].message]))
  const withDetails = names.filter((name) => failures[name].detail)
  const details = withDetails.length
    ? Object.fromEntries(withDetails.map((name) => [name, failures[name].detail]))
    : []
  return new RestError('rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, 400, {
    params,
    details,
  })
}

export const invalidParam = (name: string, message = INVALID, detail?: ParamDetail) =>
  invalidParams({ [name]: { message, detail } })

export const missingParams = (names: string[]) =>
  new RestError('rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, 400, {
    params: names,
  })

export const noRoute = () =>
  new RestError('rest_no_route', 'No route was found matching the URL and request method.', 404)

export const queryTooLong = (limit: number) =>
  new RestError('rest_query_too_long', `The query string must not exceed ${limit} characters.`, 414)

/** 401 for anonymous callers, 403 for users without the right. */
export const forbidden = (authenticated: boolean) =>
  new RestError(
    'rest_forbidden',
    'Sorry, you are not allowed to do that.',
    authenticated ? 403 : 401,
  )

type Resource = 'event' | 'organizer' | 'venue'

export const notAccessible = (resource: Resource) =>
  new RestError(`${resource}-not-accessible`, `The requested ${resource} is not accessible`, 403)

export const archivePageNotFound = (resource: Resource) =>
  new RestError(
    `${resource}-archive-page-not-found`,
    `The requested ${resource} archive page does not exist`,
    404,
  )

export const eventNotFound = (id: number | string) =>
  new RestError('rest-event-not-found', `Event with ID ${id} does not exist.`, 404)

export const eventNoLongerAvailable = () =>
  new RestError('event-no-longer-available', 'This event is no longer available', 403)

export const eventPasswordProtected = () =>
  new RestError(
    'event-password-protected',
    'The requested event is not accessible without a password',
    403,
  )

/** Any failure that is not the caller's: a JSON 500/503 without internals. */
export const serverError = (unavailable: boolean) =>
  unavailable
    ? new RestError(
        'rest_service_unavailable',
        'The service is temporarily unavailable. Please try again.',
        503,
      )
    : new RestError('rest_internal_error', 'Something went wrong.', 500)

export const termExists = (id: Id, hierarchical: boolean) =>
  new RestError(
    'term_exists',
    hierarchical
      ? 'A term with the name provided already exists with this parent.'
      : 'A term with the name provided already exists in this taxonomy.',
    400,
    { term_id: id },
    { additional_data: [id] },
  )

export const notHierarchical = () =>
  new RestError(
    'rest_taxonomy_not_hierarchical',
    'Cannot set parent term, taxonomy is not hierarchical.',
    400,
  )

export const isInTrash = (resource: Resource) =>
  new RestError(`${resource}-is-in-trash`, `The ${resource} is already trashed`, 410)

/** HTTP Basic credentials that named no user: WordPress's answers, word for word. */
export const basicAuthFailed = (failure: 'incorrect_password' | 'invalid_username') =>
  failure === 'invalid_username'
    ? new RestError(
        failure,
        '<strong>Error</strong>: Unknown username. Check again or try your email address.',
        401,
      )
    : new RestError(failure, 'The provided password is an invalid application password.', 401)

/**
 * For Payload's own routes (login, the collections' REST API, the admin's requests), which answer 500 for any
 * error they do not know: an unreachable database is a 503, as on the calendar namespace.
 */
export const unavailableAfterError: AfterErrorHook = ({ error }) =>
  isDatabaseUnavailable(error)
    ? { status: 503, response: { errors: [{ message: serverError(true).message }] } }
    : undefined
