import type { PayloadRequest } from 'payload'

import type { ComponentName } from '../serialize/schemas.js'
import type { SerializeContext } from '../core/model.js'
import type { ResolvedCalendarOptions } from '../core/options.js'
import type { ParamSpec, ParamValues } from './params.js'

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
export type Method = (typeof METHODS)[number]

/** What a handler gets: the validated parameters and everything derived from the request once. */
export type RestCall<S extends ParamSpec = ParamSpec> = {
  req: PayloadRequest
  params: ParamValues<S>
  /** Path parameters of the route (`id`, `slug`), as matched. */
  path: Record<string, string>
  /** The Payload locale the caller asked for (`ml_language`, the language prefix, or the default). */
  locale: string
  options: ResolvedCalendarOptions
  serialize: SerializeContext
}

export type RestResult = {
  /** JSON data, or the answer's text when it has a `contentType` of its own. */
  body: unknown
  contentType?: string
  status?: number
  headers?: Record<string, string>
}

export type MethodSpec<S extends ParamSpec = ParamSpec> = {
  description: string
  /**
   * Checked before anything else: without it, 401 for anonymous callers and 403 for users (docs/api.md#write-routes).
   */
  permission?: (call: Pick<RestCall, 'options' | 'req'>) => boolean
  params: S
  handler: (call: RestCall<S>) => Promise<RestResult>
  /** For `/doc`: what a success answers, a component schema or a page of them under `page` (a list's key). */
  returns?: {
    schema: ComponentName
    page?: string
    status?: 201
    /** Other media types the success may be answered in (by `Accept` or a parameter), each with what it holds. */
    alsoAs?: Record<string, string>
  }
  /**
   * For `/doc`: the error statuses this handler answers besides those every route can (400; 401 and 403 from
   * `permission`; 413 and 415 when a body is read; 414, 500 and 503 anywhere), each with when.
   */
  answers?: Record<number, string>
}

/** One route of the namespace: its path (path-to-regexp, relative to the namespace) and its methods. */
export type Route = {
  path: string
  /** The path as the original's index shows it, e.g. `/events/(?P<id>\d+)`. */
  pattern: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each method has parameters of its own
  methods: Partial<Record<Method, MethodSpec<any>>>
}

/** Declares a method with its parameter spec, keeping the handler's parameter types exact. */
export const method = <S extends ParamSpec>(spec: MethodSpec<S>): MethodSpec<S> => spec
