import type { JsonType, Param } from './params.js'
import type { Method, MethodSpec, Route } from './route.js'

import { COMPONENT_SCHEMAS, pageOf, ref, type Schema } from '../serialize/schemas.js'
import { METHODS } from './route.js'

const PATH_PARAM = /:(\w+)(\([^)]*\))?/g

/** `/events/:id(\d+)` → `/events/{id}` */
const openApiPath = (path: string) => path.replace(PATH_PARAM, '{$1}')

/** `GET /events/by-slug/:slug` → `getEventsBySlug`, `PATCH /events/:id` → `patchEventsById`, `GET ''` → `getIndex`. */
function operationId(method: Method | 'OPTIONS', path: string): string {
  const words = path
    .replace(/\/by-slug\/:slug$/, '/by-slug')
    .replace(PATH_PARAM, 'by-$1')
    .split(/[/-]/)
    .filter(Boolean)
  const capitalised = (words.length ? words : ['index']).map(
    (word) => word[0].toUpperCase() + word.slice(1),
  )
  return `${method.toLowerCase()}${capitalised.join('')}`
}

const jsonTypeOf = (value: unknown): JsonType =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : Number.isInteger(value)
        ? 'integer'
        : (typeof value as JsonType)

const typesOf = (param: Param): readonly JsonType[] =>
  typeof param.type === 'object' ? param.type : [param.type ?? 'string']
const takes = (param: Param, type: JsonType) => typesOf(param).includes(type)

function schemaOf(param: Param): Schema {
  const types = typesOf(param)
  const defaultFits =
    param.default !== undefined &&
    types.some((type) => {
      const actual = jsonTypeOf(param.default)
      return actual === type || (type === 'number' && actual === 'integer')
    })
  return {
    type: types.length === 1 ? types[0] : [...types],
    ...(param.items ? { items: { type: param.items } } : {}),
    ...(param.enum ? { enum: [...param.enum] } : {}),
    ...(param.format ? { format: param.format } : {}),
    ...(param.maxLength !== undefined ? { maxLength: param.maxLength } : {}),
    ...(param.maxItems !== undefined && types.includes('array')
      ? { maxItems: param.maxItems }
      : {}),
    ...(defaultFits ? { default: param.default } : {}),
  }
}

/**
 * The body of a write: JSON, or a form whose arrays repeat their key (`categories=1&categories=2`, or bracketed)
 * and whose objects are bracketed (`venue[city]=Portland`).
 */
function requestBody(params: [string, Param][]) {
  const required = params.filter(([, param]) => param.required).map(([name]) => name)
  const schema = {
    type: 'object',
    properties: Object.fromEntries(
      params.map(([name, param]) => [name, { description: param.description, ...schemaOf(param) }]),
    ),
    ...(required.length ? { required } : {}),
  }
  const encoding = Object.fromEntries(
    params.flatMap(([name, param]): [string, Schema][] =>
      takes(param, 'object')
        ? [[name, { style: 'deepObject', explode: true }]]
        : takes(param, 'array')
          ? [[name, { style: 'form', explode: true }]]
          : [],
    ),
  )
  return {
    required: required.length > 0,
    content: {
      'application/json': { schema },
      'application/x-www-form-urlencoded': {
        schema,
        ...(Object.keys(encoding).length ? { encoding } : {}),
      },
    },
  }
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('Error') } },
})

const header = (description: string, type = 'string') => ({ description, schema: { type } })
const LIST_HEADERS = {
  'X-TEC-Total': header('The number of records found', 'integer'),
  'X-TEC-TotalPages': header('The number of pages', 'integer'),
  Link: header('The neighbour pages (`rel="next"`, `rel="prev"`), when there are some'),
}

/** What any route may answer, whatever its handler does. */
const EVERYWHERE: Record<number, string> = {
  401: 'HTTP Basic credentials that are wrong or revoked (`incorrect_password`) or name no user (`invalid_username`)',
  414: 'The query string is longer than the limit (`rest_query_too_long`)',
  500: 'An unexpected failure (`rest_internal_error`)',
  503: 'The database cannot be reached (`rest_service_unavailable`)',
}

/** The statuses a method answers: the ones its declaration implies, then those its handler declares. */
function responses(method: Method, spec: MethodSpec) {
  const errors: Record<number, string[]> = {}
  const add = (status: number, description: string) => (errors[status] ??= []).push(description)
  add(400, 'Invalid or missing parameters (`rest_invalid_param`, `rest_missing_callback_param`)')
  if (spec.permission) {
    add(401, 'Not signed in (`rest_forbidden`)')
    add(403, 'Not allowed to do this (`rest_forbidden`)')
  }
  if (method !== 'GET') {
    add(413, 'The body is larger than the limit (`rest_request_too_large`)')
    add(415, 'The body is neither JSON nor form-encoded (`rest_unsupported_media_type`)')
  }
  for (const [status, description] of Object.entries({ ...spec.answers, ...EVERYWHERE }))
    add(Number(status), description)

  const { returns } = spec
  const success = returns
    ? returns.page
      ? pageOf(returns.page, returns.schema)
      : ref(returns.schema)
    : { type: 'object' }
  const status = returns?.status ?? 200
  return {
    [status]: {
      description: status === 201 ? 'Created' : 'OK',
      ...(returns?.page ? { headers: LIST_HEADERS } : {}),
      ...(status === 201 ? { headers: { Location: header('The REST URL of the record') } } : {}),
      content: {
        'application/json': { schema: success },
        ...Object.fromEntries(
          Object.entries(returns?.alsoAs ?? {}).map(([type, description]) => [
            type,
            { schema: { type: 'string', description } },
          ]),
        ),
      },
    },
    ...(method === 'GET'
      ? {
          304: {
            description:
              'Not modified: an anonymous caller holds this answer (`If-None-Match`, with the response cache on)',
          },
        }
      : {}),
    ...Object.fromEntries(
      Object.entries(errors)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([code, descriptions]) => [code, errorResponse(descriptions.join('; '))]),
    ),
  }
}

/** The namespace as an OpenAPI 3.1 document, generated from the same route table that validates requests. */
export function openApiDocument(routes: Route[], namespaceURL: string) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const pathParams = [...route.path.matchAll(PATH_PARAM)].map(([, name, pattern]) => ({
      name,
      in: 'path',
      required: true,
      schema: pattern ? { type: 'integer', minimum: 1 } : { type: 'string' },
    }))
    const operations: Record<string, unknown> = {}
    for (const method of METHODS) {
      const spec = route.methods[method]
      if (!spec) continue
      const params = Object.entries(spec.params as Record<string, Param>)
      const inBody = (param: Param) => method !== 'GET' && param.location !== 'query'
      const body = params.filter(([, param]) => inBody(param))
      operations[method.toLowerCase()] = {
        operationId: operationId(method, route.path),
        summary: spec.description,
        parameters: [
          ...pathParams,
          ...params
            .filter(([, param]) => !inBody(param))
            .map(([name, param]) => ({
              name,
              in: 'query',
              required: Boolean(param.required),
              description: param.description,
              schema: schemaOf(param),
              ...(takes(param, 'array') ? { style: 'form', explode: false } : {}),
            })),
        ],
        ...(body.length ? { requestBody: requestBody(body) } : {}),
        responses: responses(method, spec),
      }
    }
    operations.options = {
      operationId: operationId('OPTIONS', route.path),
      summary: 'Describes this route: its methods and their arguments',
      parameters: pathParams,
      responses: {
        200: {
          description: 'OK',
          content: { 'application/json': { schema: ref('RouteDescription') } },
        },
        414: errorResponse(EVERYWHERE[414]),
      },
    }
    paths[openApiPath(route.path) || '/'] = operations
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Events Calendar REST API',
      version: '1.0.0',
      description:
        'Events, venues, organizers, categories and tags, in the wire format of tribe/events/v1.',
    },
    servers: [{ url: namespaceURL }],
    paths,
    components: { schemas: COMPONENT_SCHEMAS },
  }
}
