import {
  type Endpoint,
  executeAuthStrategies,
  Forbidden,
  type PayloadHandler,
  type PayloadRequest,
  ValidationError,
} from 'payload'

import type { ResolvedCalendarOptions } from '../core/options.js'
import type { Method, MethodSpec, Route } from './route.js'

import { authenticateWatched } from '../auth/authReads.js'
import { basicAuthFailureOf } from '../auth/basicAuth.js'
import { type CacheLookup, responseCacheOf } from './cache/responseCache.js'
import { isDatabaseUnavailable, rootCause } from '../database/errors.js'
import { readOnPrimary, readOnReplica } from '../database/readReplicas.js'
import { NAMESPACE, WORDPRESS_NAMESPACE } from '../core/constants.js'
import { withRecordNumbers } from '../hooks/numberedIds.js'
import { NAMESPACE_REQUEST } from '../hooks/protectedFields.js'
import { readBody } from './body.js'
import {
  basicAuthFailed,
  forbidden,
  invalidParam,
  noRoute,
  queryTooLong,
  RestError,
  serverError,
} from './errors.js'
import { resolveLocale } from './language.js'
import { hasNul, validateParams } from './params.js'
import { lostRace, serializedWrite } from './writes.js'
import {
  errorResponse,
  jsonAnswer,
  jsonResponse,
  preflightResponse,
  toResponse,
} from './respond.js'
import { describeRoute } from './describe.js'
import { serializeContext } from '../serialize/context.js'
import { validationFailure } from './wireNames.js'
import { InvalidFilter } from '../query/errors.js'
import { dropForeignCookieLogin, isPreflight } from './cors.js'
import { METHODS } from './route.js'

/** The methods of a route this caller may use, for the `Allow` header. */
export function allowedMethods(
  route: Route,
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
): Method[] {
  return METHODS.filter((method) => {
    const spec = route.methods[method]
    return spec && (!spec.permission || spec.permission({ req, options }))
  })
}

function toRestError(
  req: PayloadRequest,
  error: unknown,
  options: ResolvedCalendarOptions,
): RestError {
  if (error instanceof RestError) return error
  if (error instanceof InvalidFilter) return invalidParam(error.param)
  if (error instanceof Forbidden) return forbidden(Boolean(req.user))
  if (error instanceof ValidationError) return validationFailure(error, options)
  // A write that kept losing races to other writers after its retries is a busy database too: try again later.
  if (isDatabaseUnavailable(error) || lostRace(error)) {
    req.payload.logger.warn(
      `calendar REST ${req.method} ${req.url}: database unavailable (${rootCause(error)})`,
    )
    return serverError(true)
  }
  req.payload.logger.error({ err: error, msg: `calendar REST ${req.method} ${req.url} failed` })
  return serverError(false)
}

const carriesCredentials = (req: PayloadRequest) =>
  Boolean(req.headers.get('authorization')) ||
  Boolean(req.headers.get('cookie')?.includes(`${req.payload.config.cookiePrefix}-token=`))

const authenticate = async (req: PayloadRequest) =>
  (await executeAuthStrategies({ headers: req.headers, payload: req.payload, req })).user

/**
 * Payload's auth step treats a user it cannot read as anonymous, so while the database is down, or a connection is
 * lost under the request, valid credentials would be answered as anonymous (a 401, or the public view). When
 * credentials gave no user, the request is authenticated again with its database reads watched: when one failed,
 * the credentials were never checked, and the answer is a 503 whatever the rest of the attempt found.
 */
async function confirmAnonymous(req: PayloadRequest): Promise<void> {
  if (req.user || !carriesCredentials(req)) return
  const { user, readError } = await authenticateWatched(req, authenticate)
  if (readError) {
    req.payload.logger.warn(
      `calendar REST ${req.method} ${req.url}: credentials unchecked, the database failed (${rootCause(readError)})`,
    )
    throw serverError(true)
  }
  req.user = user
}

/** The response cache's answer to an anonymous read, or how to keep the one about to be computed. */
function cacheLookup(req: PayloadRequest): Promise<CacheLookup | null> | null {
  const cache = responseCacheOf(req.payload)
  return (
    cache &&
    cache.lookup({
      method: req.method ?? 'GET',
      url: req.url ?? '',
      header: (name) => req.headers.get(name),
    })
  )
}

/**
 * Where a request reads, when the database has read replicas: an anonymous GET (the public calendar, the cached
 * one) on this process's replica; every other request on the primary, so a caller with credentials (anyone who can
 * write) sees their own writes at once, on whichever instance their next request lands, and the answer to a write
 * shows it.
 */
function readingFrom(
  req: PayloadRequest,
  method: Method,
  work: () => Promise<Response>,
): Promise<Response> {
  const anonymousRead = method === 'GET' && !req.user && !carriesCredentials(req)
  return anonymousRead ? readOnReplica(work) : readOnPrimary(work)
}

async function run(
  req: PayloadRequest,
  route: Route,
  method: Method,
  options: ResolvedCalendarOptions,
) {
  const foreignCookie = dropForeignCookieLogin(req, options)
  const allow = allowedMethods(route, req, options)
  const spec = route.methods[method] as MethodSpec
  req.context[NAMESPACE_REQUEST] = true
  try {
    const cached = method === 'GET' ? await cacheLookup(req) : null
    if (cached && 'answer' in cached) return toResponse(req, cached.answer)
    if (!foreignCookie) await confirmAnonymous(req)
    // As WordPress: credentials that fail are an error on every route, reads included, not an anonymous call.
    const failure = req.user ? undefined : basicAuthFailureOf(req)
    if (failure) throw basicAuthFailed(failure)
    if (spec.permission && !spec.permission({ req, options })) throw forbidden(Boolean(req.user))
    const query = (req.query ?? {}) as Record<string, unknown>
    const input = method === 'GET' ? query : { ...query, ...(await readBody(req, options)) }
    const locale = resolveLocale(req, input.ml_language)
    const path = (req.routeParams ?? {}) as Record<string, string>
    const badSegment = Object.keys(path).find((name) => hasNul(path[name]))
    if (badSegment) throw invalidParam(badSegment)
    const params = validateParams(spec.params, input)
    const call = {
      req,
      params,
      path,
      locale,
      options,
      serialize: serializeContext(req, options, locale),
    }
    const result = await withRecordNumbers(() =>
      method === 'GET'
        ? spec.handler(call)
        : serializedWrite(req.payload.db, () => spec.handler(call)),
    )
    const answer = jsonAnswer(req, result.body, {
      status: result.status,
      contentType: result.contentType,
      headers: result.headers,
      allow,
      publicMaxAge:
        method === 'GET' && !('password' in query) && options.cache
          ? options.cache.maxAgeSeconds
          : undefined,
    })
    if (cached) cached.keep(answer)
    return toResponse(req, answer)
  } catch (error) {
    return errorResponse(req, toRestError(req, error, options), allow)
  }
}

/** Refuses a query string over the limit before anything else is read or checked. */
const limitingQuery =
  (options: ResolvedCalendarOptions, handler: PayloadHandler): PayloadHandler =>
  async (req) => {
    const length = new URL(req.url ?? 'http://localhost').search.slice(1).length
    return length > options.maxQueryLength
      ? errorResponse(req, queryTooLong(options.maxQueryLength))
      : handler(req)
  }

/**
 * The namespace as Payload root endpoints: each route and method, `OPTIONS` describing each route (or answering a
 * CORS preflight), and, last, a catch-all answering `rest_no_route` for every other path or method under it.
 */
function namespaceEndpoints(
  base: string,
  routes: Route[],
  options: ResolvedCalendarOptions,
): Endpoint[] {
  const endpoints: Endpoint[] = []
  for (const route of routes) {
    for (const method of METHODS) {
      if (!route.methods[method]) continue
      endpoints.push({
        path: `${base}${route.path}`,
        method: method.toLowerCase() as Endpoint['method'],
        handler: limitingQuery(options, (req) =>
          readingFrom(req, method, () => run(req, route, method, options)),
        ),
      })
    }
    endpoints.push({
      path: `${base}${route.path}`,
      method: 'options',
      handler: limitingQuery(options, async (req) => {
        if (isPreflight(req))
          return preflightResponse(
            req,
            METHODS.filter((method) => route.methods[method]),
          )
        dropForeignCookieLogin(req, options)
        return jsonResponse(req, describeRoute(route), {
          allow: allowedMethods(route, req, options),
        })
      }),
    })
  }
  for (const method of [...METHODS, 'OPTIONS']) {
    endpoints.push({
      path: `${base}(/.*)?`,
      method: method.toLowerCase() as Endpoint['method'],
      handler: limitingQuery(options, async (req) =>
        method === 'OPTIONS' && isPreflight(req)
          ? preflightResponse(req, METHODS)
          : errorResponse(req, noRoute()),
      ),
    })
  }
  return endpoints
}

/** The namespace's endpoints, and with `wordpressPaths` the same again at the original's path (after them). */
export function toPayloadEndpoints(routes: Route[], options: ResolvedCalendarOptions): Endpoint[] {
  const bases = [NAMESPACE, ...(options.wordpressPaths ? [WORDPRESS_NAMESPACE] : [])]
  return bases.flatMap((base) => namespaceEndpoints(`/${base}`, routes, options))
}
