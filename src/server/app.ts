import type { Migration, Payload, SanitizedConfig } from 'payload'

import express, { type ErrorRequestHandler, type RequestHandler } from 'express'
import { createServer, type Server } from 'node:http'
import { getPayload, handleEndpoints } from 'payload'

import { ensureChangeStamp } from '../cache/changeStamp.js'
import { updatePlannerStatistics } from '../database.js'
import { serverError } from '../rest/errors.js'
import { LANGUAGE_PREFIX_HEADER } from '../rest/language.js'
import { inArrivalOrder } from './arrivalOrder.js'
import { responseCache } from './cachedResponses.js'
import { sendSnapshot, snapshotResponse, toWebRequest } from './webBridge.js'

/**
 * Boots Payload and brings the schema up to date. The SQL adapters run their migrations themselves only in
 * production, so every other mode runs them here, before the first request. A SQLite database never analyzed
 * gets its planner statistics.
 */
export async function bootPayload(config: Promise<SanitizedConfig> | SanitizedConfig): Promise<Payload> {
  const payload = await getPayload({ config })
  const migrations = (payload.db as { prodMigrations?: Migration[] }).prodMigrations
  if (migrations && process.env.NODE_ENV !== 'production') await payload.db.migrate({ migrations })
  await ensureChangeStamp(payload)
  await updatePlannerStatistics(payload, { onlyIfMissing: true })
  return payload
}

/**
 * `/{locale}/api/...` is served as `/api/...` with the locale passed on in a header, which the calendar routes
 * read as the language prefix; the header is never taken from the client.
 */
function languagePrefix(config: SanitizedConfig): RequestHandler {
  const locales = config.localization ? config.localization.localeCodes : []
  const prefixed = new RegExp(`^/(${locales.map((code) => code.replace(/[^\w-]/g, '')).join('|')})(${config.routes.api}/.*)$`)
  return (req, _res, next) => {
    delete req.headers[LANGUAGE_PREFIX_HEADER]
    const match = locales.length ? prefixed.exec(req.url) : null
    if (match) {
      req.url = match[2]
      req.headers[LANGUAGE_PREFIX_HEADER] = match[1]
    }
    next()
  }
}

/**
 * The host's HTTP server: Payload's REST API and every plugin endpoint under `/api` through `handleEndpoints`,
 * anonymous namespace reads answered from the response cache first, every other request started in arrival
 * order; anything else goes to `fallback` (the Next.js admin) or is a 404. The API is matched by prefix, not by an
 * express route, because express decodes route parameters and answers a malformed `%` sequence with an HTML page
 * of its own.
 */
export function createHostServer(payload: Payload, fallback?: RequestHandler): Server {
  const { config } = payload
  const api = config.routes.api
  const cache = responseCache(payload)
  const app = express()
  app.disable('x-powered-by')
  app.use(languagePrefix(config))
  app.use(async (req, res, next) => {
    if (req.path !== api && !req.path.startsWith(`${api}/`)) return next()
    try {
      const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`
      const response = await snapshotResponse(await handleEndpoints({ config, request: toWebRequest(req, origin) }))
      cache?.keep(req, response)
      sendSnapshot(res, response)
    } catch (error) {
      next(error)
    }
  })
  if (fallback) app.all('{*rest}', fallback)
  // Express's own error page shows the stack trace outside production.
  app.use(((error, req, res, _next) => {
    payload.logger.error({ err: error, msg: `${req.method} ${req.url} failed` })
    res.status(500).json(serverError(false).toBody())
  }) as ErrorRequestHandler)
  const compute = inArrivalOrder(app)
  if (!cache) return createServer(compute)
  return createServer((req, res) => {
    void cache.serve(req, res).then((served) => served || compute(req, res))
  })
}
