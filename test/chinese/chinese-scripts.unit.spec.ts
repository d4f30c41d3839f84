import { resolveChineseConversion } from '../../src/core/chineseScripts.js'

describe('the Chinese locales read from their codes', () => {
  test("the plugin's own locales", () => {
    expect(resolveChineseConversion(undefined, ['zh-hans', 'zh-hant', 'en'])).toEqual({
      simplified: ['zh-hans'],
      traditional: { 'zh-hant': 'tw' },
    })
  })

  test("regions: Hong Kong's forms for Hong Kong and Macau, Taiwan's for Taiwan", () => {
    expect(
      resolveChineseConversion({}, ['zh-CN', 'zh-TW', 'zh-HK', 'zh-MO', 'zh-SG', 'zh-MY', 'en']),
    ).toEqual({
      simplified: ['zh-CN', 'zh-SG', 'zh-MY'],
      traditional: { 'zh-TW': 'tw', 'zh-HK': 'hk', 'zh-MO': 'hk' },
    })
  })

  test('a script named wins over the region, in any case, with WordPress underscores', () => {
    expect(
      resolveChineseConversion(undefined, ['zh-Hans-HK', 'zh-Hant-HK', 'zh_TW', 'ZH-CN']),
    ).toEqual({
      simplified: ['zh-Hans-HK', 'ZH-CN'],
      traditional: { 'zh-Hant-HK': 'hk', zh_TW: 'tw' },
    })
  })

  test('Chinese that names neither script, and other languages of Chinese regions, are neither', () => {
    expect(
      resolveChineseConversion(undefined, ['zh', 'zh-US', 'en-HK', 'ja', 'zh-hans', 'zh-hant']),
    ).toEqual({ simplified: ['zh-hans'], traditional: { 'zh-hant': 'tw' } })
  })

  test('a site without locales of both scripts keeps nothing in step', () => {
    expect(resolveChineseConversion(undefined, ['zh-hans', 'en'])).toBe(false)
    expect(resolveChineseConversion(undefined, ['zh-TW', 'zh-HK'])).toBe(false)
    expect(resolveChineseConversion(undefined, ['en', 'fr'])).toBe(false)
  })
})

describe('the option', () => {
  test('false turns it off', () => {
    expect(resolveChineseConversion(false, ['zh-hans', 'zh-hant'])).toBe(false)
  })

  test('a list given is the whole list, the other still read from the codes', () => {
    expect(
      resolveChineseConversion({ traditional: { 'zh-TW': 'twp' } }, ['zh-CN', 'zh-TW', 'zh-HK']),
    ).toEqual({ simplified: ['zh-CN'], traditional: { 'zh-TW': 'twp' } })
    expect(
      resolveChineseConversion({ traditional: { 'zh-HK': 'hk', 'zh-TW': 'twp' } }, [
        'zh-CN',
        'zh-TW',
        'zh-HK',
      ]),
    ).toEqual({ simplified: ['zh-CN'], traditional: { 'zh-HK': 'hk', 'zh-TW': 'twp' } })
  })

  test('names locales whose codes say nothing', () => {
    expect(
      resolveChineseConversion({ simplified: ['cn'], traditional: { tw: 't' } }, [
        'cn',
        'tw',
        'en',
      ]),
    ).toEqual({ simplified: ['cn'], traditional: { tw: 't' } })
  })

  test('refuses a locale the site does not have, one named twice, and an unknown variant', () => {
    expect(() =>
      resolveChineseConversion({ simplified: ['zh-CN'] }, ['zh-hans', 'zh-hant']),
    ).toThrow('chineseConversion names "zh-CN", which is not one of the locales')
    expect(() =>
      resolveChineseConversion({ simplified: ['zh-hant'] }, ['zh-hans', 'zh-hant']),
    ).toThrow('chineseConversion names "zh-hant" both Simplified and Traditional')
    expect(() =>
      resolveChineseConversion({ traditional: { 'zh-hant': 'hkp' as never } }, [
        'zh-hans',
        'zh-hant',
      ]),
    ).toThrow('chineseConversion.traditional["zh-hant"] is one of hk, tw, twp, t, not "hkp"')
  })
})
