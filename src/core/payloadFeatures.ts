import type { Payload } from 'payload'

import { installedVersion } from './installedVersion.js'

/**
 * What the calendar uses of Payload that came after the oldest Payload it supports (the lower bound of its `payload`
 * peer dependency). On an older Payload the plugin does without it and says so as the server starts; the README's
 * "Supported" lists them.
 */
export type NewerPayloadFeature = 'fallbackChains' | 'optionsRequests'

const NEWER: Record<NewerPayloadFeature, { since: string; what: string; without: string }> = {
  fallbackChains: {
    since: '3.60.0',
    what: 'chains of fallback locales',
    without:
      'an untranslated field falls back to one locale only: the default one (the next one for the default itself)',
  },
  optionsRequests: {
    since: '3.71.0',
    what: "OPTIONS requests for a plugin's endpoints",
    without:
      "Payload answers them itself: no route descriptions, and CORS preflights get Payload's headers (its `cors` " +
      "setting), so other sites' pages send tokens to the namespace only from origins listed there",
  },
}

const parts = (version: string) => /^(\d+)\.(\d+)\.(\d+)/.exec(version)?.slice(1).map(Number)

/** Whether `version` is `least` or later, by major, minor and patch; false when it is no version (`unknown`). */
export function versionAtLeast(version: string, least: string): boolean {
  const [have, need] = [parts(version), parts(least)]
  if (!have || !need) return false
  const at = have.findIndex((part, index) => part !== need[index])
  return at < 0 || have[at] > need[at]
}

/** The site's Payload version: the one its working directory resolves, as Payload's own CLI and Next.js do. */
export const payloadVersion = (): string => installedVersion('payload')

/** Whether Payload `version` has a feature; one whose version cannot be read is taken to lack it. */
export const payloadHas = (feature: NewerPayloadFeature, version: string): boolean =>
  versionAtLeast(version, NEWER[feature].since)

/** The features Payload `version` lacks. */
export const lackedBy = (version: string): NewerPayloadFeature[] =>
  (Object.keys(NEWER) as NewerPayloadFeature[]).filter((feature) => !payloadHas(feature, version))

/** Warns, as the server starts, of each feature the site's Payload lacks and what the calendar does without it. */
export function reportOlderPayload(
  payload: Payload,
  lacking: NewerPayloadFeature[],
  version: string,
): void {
  const named =
    version === 'unknown' ? 'payload (its version could not be read)' : `payload ${version}`
  for (const feature of lacking) {
    const { since, what, without } = NEWER[feature]
    payload.logger.warn(`calendar: ${named} has no ${what} (from ${since} on); ${without}`)
  }
}
