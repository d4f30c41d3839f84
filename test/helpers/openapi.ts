import { Ajv2020 } from 'ajv/dist/2020.js'

type Operation = {
  responses: Record<string, { content?: { 'application/json': { schema: object } } }>
}
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, object> }
}

/** What `/doc` says about one answer: the operation it names, and what is wrong with the answer, if anything. */
export type Verdict = { operation: string; problems: string[] }

/**
 * Checks answers against an OpenAPI document the way a generated client relies on it: the operation lists the
 * status, and the body is valid against that status's schema (JSON Schema 2020-12, as OpenAPI 3.1 uses).
 */
export function answerChecker(doc: OpenApiDocument) {
  // The components, as one schema that the operations' `$ref`s point into.
  const retarget = (schema: object) =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"doc#/$defs/'))
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true })
  ajv.addSchema({ $id: 'doc', $defs: retarget(doc.components.schemas) })

  const templates = Object.keys(doc.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{id\}/g, '\\d+').replace(/\{slug\}/g, '[^/]+')}/?$`),
  }))
  const operationOf = (method: string, path: string) => {
    const bare = path.split('?')[0]
    const found = templates.find(
      ({ template, pattern }) => pattern.test(bare) && doc.paths[template][method.toLowerCase()],
    )
    return (
      found && {
        name: `${method} ${found.template}`,
        operation: doc.paths[found.template][method.toLowerCase()],
      }
    )
  }
  const validators = new Map<object, ReturnType<typeof ajv.compile>>()
  const validatorOf = (schema: object) => {
    if (!validators.has(schema)) validators.set(schema, ajv.compile(retarget(schema)))
    return validators.get(schema)!
  }

  return {
    /** The component schema `name` alone, for bodies whose operation is not ours to check. */
    validatesAs(name: string, body: unknown): string[] {
      const validate = validatorOf({ $ref: `#/components/schemas/${name}` })
      return validate(body)
        ? []
        : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`)
    },
    /** `path` is relative to the namespace, with its query string. */
    check(method: string, path: string, status: number, body: unknown): Verdict {
      const found = operationOf(method, path)
      if (!found) return { operation: `${method} ${path}`, problems: ['no such operation'] }
      const response = found.operation.responses[String(status)]
      if (!response) return { operation: found.name, problems: [`status ${status} is not listed`] }
      const schema = response.content?.['application/json'].schema
      if (!schema)
        return {
          operation: found.name,
          problems: body === '' ? [] : ['a body where none is documented'],
        }
      const validate = validatorOf(schema)
      const problems = validate(body)
        ? []
        : (validate.errors ?? []).map(
            (error) =>
              `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`,
          )
      return { operation: found.name, problems }
    },
  }
}
