import type { Param } from './params.js'
import type { Route } from './route.js'

import { NAMESPACE } from '../core/constants.js'
import { METHODS } from './route.js'

/** A parameter as the original's route description shows it (`args`). */
export function describeParam(param: Param): Record<string, unknown> {
  return {
    ...(param.default !== undefined ? { default: param.default } : {}),
    description: param.description,
    ...(param.type ? { type: param.type } : {}),
    ...(param.items ? { items: { type: param.items } } : {}),
    ...(param.enum ? { enum: param.enum } : {}),
    ...(param.format ? { format: param.format } : {}),
    ...(param.maxLength !== undefined ? { maxLength: param.maxLength } : {}),
    ...(param.maxItems !== undefined ? { maxItems: param.maxItems } : {}),
    required: Boolean(param.required),
  }
}

/** The original's description of a route: what `OPTIONS` answers and what the namespace index lists. */
export function describeRoute(route: Route) {
  const methods = METHODS.filter((method) => route.methods[method])
  return {
    namespace: NAMESPACE,
    methods,
    endpoints: methods.map((method) => ({
      methods: [method],
      args: Object.fromEntries(
        Object.entries(route.methods[method]!.params as Record<string, Param>).map(
          ([name, param]) => [name, describeParam(param)],
        ),
      ),
    })),
  }
}
