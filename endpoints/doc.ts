import { languageParam } from '../src/rest/commonParams.js'
import { openApiDocument } from '../src/rest/openapi.js'
import { method, type Route } from '../src/rest/route.js'

/** `GET /doc`: the OpenAPI 3.1 document of the namespace, from the same route table. */
export const docRoute = (routes: () => Route[], locales: string[]): Route => ({
  path: '/doc',
  pattern: '/doc',
  methods: {
    GET: method({
      description: 'The OpenAPI 3.1 document of this namespace',
      params: { ml_language: languageParam(locales) },
      handler: async (call) => ({ body: openApiDocument(routes(), call.serialize.namespaceURL) }),
    }),
  },
})
