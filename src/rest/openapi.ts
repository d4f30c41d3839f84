import type { Param } from './params.js'
import type { Route } from './route.js'

import { METHODS } from './route.js'

/** `/events/:id(\d+)` → `/events/{id}` */
const openApiPath = (path: string) => path.replace(/:(\w+)(\([^)]*\))?/g, '{$1}')

function schemaOf(param: Param): Record<string, unknown> {
  const type = param.type ?? 'string'
  return {
    type,
    ...(param.items ? { items: { type: param.items } } : {}),
    ...(param.enum ? { enum: [...param.enum] } : {}),
    ...(param.format ? { format: param.format } : {}),
    ...(param.maxLength !== undefined ? { maxLength: param.maxLength } : {}),
    ...(param.maxItems !== undefined && type === 'array' ? { maxItems: param.maxItems } : {}),
    ...(param.default !== undefined && typeof param.default === (type === 'integer' ? 'number' : type)
      ? { default: param.default }
      : {}),
  }
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})

/** What each route family returns, by the first segment of its path. */
const RESULT_SCHEMA: Record<string, { list: string; single: string }> = {
  events: { list: 'events', single: 'Event' },
  venues: { list: 'venues', single: 'Venue' },
  organizers: { list: 'organizers', single: 'Organizer' },
  categories: { list: 'categories', single: 'Term' },
  tags: { list: 'tags', single: 'Term' },
}

function successSchema(route: Route): Record<string, unknown> {
  const [, family, rest] = route.path.split('/')
  const result = RESULT_SCHEMA[family]
  if (!result) return { type: 'object' }
  if (rest) return { $ref: `#/components/schemas/${result.single}` }
  return {
    type: 'object',
    required: [result.list, 'rest_url', 'total', 'total_pages'],
    properties: {
      [result.list]: { type: 'array', items: { $ref: `#/components/schemas/${result.single}` } },
      rest_url: { type: 'string', format: 'uri' },
      next_rest_url: { type: 'string', format: 'uri' },
      previous_rest_url: { type: 'string', format: 'uri' },
      total: { type: 'integer' },
      total_pages: { type: 'integer' },
    },
  }
}

const object = (properties: Record<string, string>, required: string[] = ['id']) => ({
  type: 'object',
  required,
  properties: Object.fromEntries(Object.entries(properties).map(([name, type]) => [name, { type }])),
})

const POST = { id: 'integer', author: 'string', status: 'string', date: 'string', date_utc: 'string', url: 'string', slug: 'string' }

/** The namespace as an OpenAPI 3.1 document, generated from the same route table that validates requests. */
export function openApiDocument(routes: Route[], namespaceURL: string) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const pathParams = [...route.path.matchAll(/:(\w+)(\([^)]*\))?/g)].map(([, name, pattern]) => ({
      name,
      in: 'path',
      required: true,
      schema: pattern ? { type: 'integer' } : { type: 'string' },
    }))
    const operations: Record<string, unknown> = {}
    for (const method of METHODS) {
      const spec = route.methods[method]
      if (!spec) continue
      operations[method.toLowerCase()] = {
        summary: spec.description,
        parameters: [
          ...pathParams,
          ...Object.entries(spec.params as Record<string, Param>).map(([name, param]) => ({
            name,
            in: 'query',
            required: Boolean(param.required),
            description: param.description,
            schema: schemaOf(param),
            ...(param.type === 'array' ? { style: 'form', explode: false } : {}),
          })),
        ],
        responses: {
          '200': { description: 'OK', content: { 'application/json': { schema: successSchema(route) } } },
          '400': errorResponse('Invalid parameters'),
          '403': errorResponse('Not accessible'),
          '404': errorResponse('Not found'),
        },
      }
    }
    paths[openApiPath(route.path) || '/'] = operations
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Events Calendar REST API',
      version: '1.0.0',
      description: 'Events, venues, organizers, categories and tags, in the wire format of tribe/events/v1.',
    },
    servers: [{ url: namespaceURL }],
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          required: ['code', 'message', 'data'],
          properties: {
            code: { type: 'string' },
            message: { type: 'string' },
            data: { type: 'object', required: ['status'], properties: { status: { type: 'integer' } } },
          },
        },
        Event: object({ ...POST, title: 'string', start_date: 'string', end_date: 'string', timezone: 'string', cost: 'string', all_day: 'boolean', featured: 'boolean', ticketed: 'boolean' }),
        Venue: object({ ...POST, venue: 'string', city: 'string', country: 'string', stateprovince: 'string' }),
        Organizer: object({ ...POST, organizer: 'string', email: 'string', phone: 'string' }),
        Term: object({ id: 'integer', name: 'string', slug: 'string', description: 'string', count: 'integer', url: 'string' }),
      },
    },
  }
}
