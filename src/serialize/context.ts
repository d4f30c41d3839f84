import type { PayloadRequest } from 'payload'

import type { SerializeContext } from '../core/model.js'
import type { ResolvedCalendarOptions } from '../core/options.js'

import { NAMESPACE } from '../core/constants.js'
import { siteURL } from './siteURL.js'

/**
 * What an answer in `locale` is written with: the site's address and zone, the page URL templates, and the language
 * prefix of its pages: none in the site's default language, `/zh-hant` in Traditional Chinese, so that a `url`
 * followed from an answer in a language opens the page in that language, as the original's multilingual sites do.
 */
export function serializeContext(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  locale: string,
): SerializeContext {
  const base = siteURL(req, options)
  const { localization } = req.payload.config
  const defaultLocale = localization ? localization.defaultLocale : locale
  return {
    serverURL: base,
    namespaceURL: `${base}${req.payload.config.routes.api}/${NAMESPACE}`,
    pagePrefix: locale === defaultLocale ? '' : `/${locale}`,
    siteTimezone: options.timezone,
    urls: options.urls,
    defaultCurrencySymbol: options.currency.symbol,
    defaultCurrencyPosition: options.currency.position,
  }
}
