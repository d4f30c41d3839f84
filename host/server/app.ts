import type { Payload } from 'payload'

import express, { type ErrorRequestHandler, type RequestHandler } from 'express'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { handleEndpoints, headersWithCors } from 'payload'
import {
  cachedCalendarAnswer,
  calendarRequestPath,
  requestPathOptionsOf,
} from 'payload-events-calendar/server'

import { inArrivalOrder } from './arrivalOrder.js'
import { sendSnapshot, snapshotResponse, toWebRequest, urlOf } from './webBridge.js'

const INTERNAL_ERROR = {
  code: 'rest_internal_error',
  message: 'Something went wrong.',
  data: { status: 500 },
}

/** The headers a request's answer gets, with the CORS headers Payload would add to it. */
function withCors(
  payload: Payload,
  req: IncomingMessage,
  headers: Record<string, string>,
): Record<string, string> {
  const request = {
    payload,
    headers: { get: (name: string) => req.headers[name.toLowerCase()] as string | undefined },
  }
  return Object.fromEntries(
    headersWithCors({ headers: new Headers(headers), req: request as never }),
  )
}

/**
 * The development host's HTTP server: Payload's REST API and every plugin endpoint under `/api` through
 * `handleEndpoints`, anonymous calendar reads answered from the calendar's response cache before Payload builds a
 * request, every other request started in arrival order; anything else goes to `fallback` (the Next.js admin) or
 * is a 404. The API is matched by prefix, not by an express route, because express decodes route parameters and
 * answers a malformed `%` sequence with an HTML page of its own.
 */
export function createHostServer(payload: Payload, fallback?: RequestHandler): Server {
  const { config } = payload
  const api = config.routes.api
  const paths = requestPathOptionsOf(config)
  const app = express()
  app.disable('x-powered-by')
  app.use(async (req, res, next) => {
    if (req.path !== api && !req.path.startsWith(`${api}/`)) return next()
    try {
      sendSnapshot(
        res,
        await snapshotResponse(await handleEndpoints({ config, request: toWebRequest(req) })),
      )
    } catch (error) {
      next(error)
    }
  })
  if (fallback) app.all('{*rest}', fallback)
  // Express's own error page shows the stack trace outside production.
  app.use(((error, req, res, _next) => {
    payload.logger.error({ err: error, msg: `${req.method} ${req.url} failed` })
    res.status(500).json(INTERNAL_ERROR)
  }) as ErrorRequestHandler)
  const compute = inArrivalOrder(app)

  const fromCache = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const header = (name: string) => req.headers[name] as string | undefined
    const answer = await cachedCalendarAnswer(payload, {
      method: req.method ?? 'GET',
      url: urlOf(req),
      header,
    })
    if (!answer) return false
    sendSnapshot(res, { ...answer, headers: withCors(payload, req, answer.headers) })
    return true
  }
  return createServer((req, res) => {
    req.url = calendarRequestPath(req.url ?? '/', paths) ?? req.url
    void fromCache(req, res).then((served) => served || compute(req, res))
  })
}
