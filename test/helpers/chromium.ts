import fs from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

import { inCI } from './python.js'
import { describeIf, testIf } from './skips.js'

/** Debian's Chromium, which `.ci/run` installs. */
const CHROMIUM = '/usr/bin/chromium'

/**
 * Headless, and quiet on this machine's closed network: without the background-networking flags Chromium keeps
 * trying to reach Google's hosts and has its connections refused.
 */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

// Skipped where Chromium is not installed, but never in CI, where a missing Chromium fails instead.
const hasChromium = fs.existsSync(CHROMIUM) || inCI
const NO_CHROMIUM = `Chromium is not installed at ${CHROMIUM}`

export const describeWithChromium = describeIf(hasChromium, NO_CHROMIUM)
export const testWithChromium = testIf(hasChromium, NO_CHROMIUM)

/** Chromium, with `extraFlags` after the usual ones (host resolver rules, say). */
export const launchChromium = (extraFlags: string[] = []): Promise<Browser> =>
  chromium.launch({ args: [...FLAGS, ...extraFlags], executablePath: CHROMIUM })
