/**
 * What the plugin does on a Payload older than a feature it uses: which features each version lacks, the content
 * locales it makes without chains of fallback locales, and that the development host's own Payload lacks none.
 */
import { defaultLocalization } from '../../src/core/contentLocales.js'
import { lackedBy, payloadVersion, versionAtLeast } from '../../src/core/payloadFeatures.js'

test('versions compare by major, minor and patch; what is no version is never recent enough', () => {
  expect(versionAtLeast('3.60.0', '3.60.0')).toBe(true)
  expect(versionAtLeast('3.100.0', '3.60.0')).toBe(true)
  expect(versionAtLeast('4.0.0-canary.1', '3.60.0')).toBe(true)
  expect(versionAtLeast('3.59.9', '3.60.0')).toBe(false)
  expect(versionAtLeast('3.9.0', '3.60.0')).toBe(false)
  expect(versionAtLeast('unknown', '3.60.0')).toBe(false)
})

test('each Payload lacks the features of later releases', () => {
  expect(lackedBy('3.57.0')).toEqual(['fallbackChains', 'optionsRequests'])
  expect(lackedBy('3.60.0')).toEqual(['optionsRequests'])
  expect(lackedBy('3.71.0')).toEqual([])
  expect(lackedBy('unknown')).toEqual(['fallbackChains', 'optionsRequests'])
})

test('the Payload this project is developed with has all of them', () => {
  expect(lackedBy(payloadVersion())).toEqual([])
})

test('without chains, each locale the plugin makes falls back to the first of its chain', () => {
  const fallbacks = (chains: boolean) =>
    defaultLocalization({}, chains).locales.map((locale) =>
      typeof locale === 'string' ? locale : [locale.code, locale.fallbackLocale],
    )
  expect(fallbacks(true)).toEqual([
    ['zh-hans', ['en', 'zh-hant']],
    ['zh-hant', ['en', 'zh-hans']],
    ['en', ['zh-hans', 'zh-hant']],
  ])
  expect(fallbacks(false)).toEqual([
    ['zh-hans', 'en'],
    ['zh-hant', 'en'],
    ['en', 'zh-hans'],
  ])
})
