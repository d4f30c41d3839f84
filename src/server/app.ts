import type { Migration, Payload, SanitizedConfig } from 'payload'

import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express'
import { getPayload, handleEndpoints } from 'payload'

import { serverError } from '../rest/errors.js'
import { LANGUAGE_PREFIX_HEADER } from '../rest/language.js'
import { sendWebResponse, toWebRequest } from './webBridge.js'

/**
 * Boots Payload and brings the schema up to date. The SQL adapters run their migrations themselves only in
 * production, so every other mode runs them here, before the first request.
 */
export async function bootPayload(config: Promise<SanitizedConfig> | SanitizedConfig): Promise<Payload> {
  const payload = await getPayload({ config })
  const migrations = (payload.db as { prodMigrations?: Migration[] }).prodMigrations
  if (migrations && process.env.NODE_ENV !== 'production') await payload.db.migrate({ migrations })
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
 * An express app that serves Payload's REST API and every plugin endpoint under `/api` through
 * `handleEndpoints`; anything else goes to `fallback` (the Next.js admin) or is a 404. The API is matched by
 * prefix, not by an express route, because express decodes route parameters and answers a malformed `%`
 * sequence with an HTML page of its own.
 */
export function createApp(config: SanitizedConfig, fallback?: RequestHandler): Express {
  const api = config.routes.api
  const app = express()
  app.disable('x-powered-by')
  app.use(languagePrefix(config))
  app.use(async (req, res, next) => {
    if (req.path !== api && !req.path.startsWith(`${api}/`)) return next()
    try {
      const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`
      await sendWebResponse(res, await handleEndpoints({ config, request: toWebRequest(req, origin) }))
    } catch (error) {
      next(error)
    }
  })
  if (fallback) app.all('{*rest}', fallback)
  // Express's own error page shows the stack trace outside production.
  app.use((async (error, req, res, _next) => {
    ;(await getPayload({ config })).logger.error({ err: error, msg: `${req.method} ${req.url} failed` })
    res.status(500).json(serverError(false).toBody())
  }) as ErrorRequestHandler)
  return app
}
