import type { Migration, Payload, SanitizedConfig } from 'payload'

import express, { type Express, type RequestHandler } from 'express'
import { getPayload, handleEndpoints } from 'payload'

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
 * An express app that serves Payload's REST API and every plugin endpoint under `/api` through
 * `handleEndpoints`; anything else goes to `fallback` (the Next.js admin) or is a 404.
 */
export function createApp(config: SanitizedConfig, fallback?: RequestHandler): Express {
  const app = express()
  app.disable('x-powered-by')
  app.all(`${config.routes.api}/{*rest}`, async (req, res, next) => {
    try {
      const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`
      await sendWebResponse(res, await handleEndpoints({ config, request: toWebRequest(req, origin) }))
    } catch (error) {
      next(error)
    }
  })
  if (fallback) app.all('{*rest}', fallback)
  return app
}
