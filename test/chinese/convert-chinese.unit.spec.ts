import type { TraditionalVariant } from '../../src/core/convertChinese.js'

import {
  loadChineseConversion,
  toSimplified,
  toTraditional,
} from '../../src/core/convertChinese.js'

beforeAll(loadChineseConversion)

type Row = { simplified: string } & Record<TraditionalVariant, string>

const row = (simplified: string, hk: string, tw: string, twp: string, t: string): Row => ({
  simplified,
  hk,
  tw,
  twp,
  t,
})

/** Simplified, then as each variant writes it: `hk`, `tw`, `twp`, `t`. */
const PLACES = [
  row('香港', '香港', '香港', '香港', '香港'),
  row('台湾', '台灣', '臺灣', '臺灣', '臺灣'),
  row('台北', '台北', '臺北', '臺北', '臺北'),
  row('台中', '台中', '臺中', '臺中', '臺中'),
  row('澳门', '澳門', '澳門', '澳門', '澳門'),
  row('广州', '廣州', '廣州', '廣州', '廣州'),
  row('乌鲁木齐', '烏魯木齊', '烏魯木齊', '烏魯木齊', '烏魯木齊'),
  row('九龙', '九龍', '九龍', '九龍', '九龍'),
  row('铜锣湾', '銅鑼灣', '銅鑼灣', '銅鑼灣', '銅鑼灣'),
  row('沈阳', '瀋陽', '瀋陽', '瀋陽', '瀋陽'),
  row('哈尔滨', '哈爾濱', '哈爾濱', '哈爾濱', '哈爾濱'),
  row('厦门', '廈門', '廈門', '廈門', '廈門'),
]

const EVENT_WORDS = [
  row('音乐会', '音樂會', '音樂會', '音樂會', '音樂會'),
  row('讲座', '講座', '講座', '講座', '講座'),
  row('展览', '展覽', '展覽', '展覽', '展覽'),
  row('工作坊', '工作坊', '工作坊', '工作坊', '工作坊'),
  row('网络研讨会', '網絡研討會', '網絡研討會', '網路研討會', '網絡研討會'),
  row('软件', '軟件', '軟件', '軟體', '軟件'),
  row('鼠标', '鼠標', '鼠標', '滑鼠', '鼠標'),
  row('信息', '信息', '信息', '資訊', '信息'),
  row('打印机', '打印機', '打印機', '印表機', '打印機'),
  row('视频', '視頻', '視頻', '影片', '視頻'),
  row('出租车', '出租車', '出租車', '計程車', '出租車'),
  row('互联网', '互聯網', '互聯網', '網際網路', '互聯網'),
  row('自行车', '自行車', '自行車', '腳踏車', '自行車'),
  row('U盘', 'U盤', 'U盤', '隨身碟', 'U盤'),
  row('门票', '門票', '門票', '門票', '門票'),
  row('免费', '免費', '免費', '免費', '免費'),
  row('志愿者', '志願者', '志願者', '志願者', '志願者'),
  row('博物馆', '博物館', '博物館', '博物館', '博物館'),
  row('艺术节', '藝術節', '藝術節', '藝術節', '藝術節'),
]

/** One Simplified character stands for several Traditional ones, and each region writes some of its own. */
const CHARACTER_FORMS = [
  row('干净', '乾淨', '乾淨', '乾淨', '乾淨'),
  row('头发', '頭髮', '頭髮', '頭髮', '頭髮'),
  row('发展', '發展', '發展', '發展', '發展'),
  row('后来', '後來', '後來', '後來', '後來'),
  row('皇后', '皇后', '皇后', '皇后', '皇后'),
  row('一只', '一隻', '一隻', '一隻', '一隻'),
  row('只有', '只有', '只有', '只有', '只有'),
  row('台风', '颱風', '颱風', '颱風', '颱風'),
  row('里面', '裏面', '裡面', '裡面', '裏面'),
  row('为了', '為了', '為了', '為了', '爲了'),
  row('面条', '麪條', '麵條', '麵條', '麪條'),
  row('着急', '着急', '著急', '著急', '着急'),
  row('秘密', '秘密', '秘密', '秘密', '祕密'),
  row('公众号', '公眾號', '公眾號', '公眾號', '公衆號'),
]

const SENTENCE = row(
  '本周六晚上在广州举办免费音乐会，欢迎报名！',
  '本週六晚上在廣州舉辦免費音樂會，歡迎報名！',
  '本週六晚上在廣州舉辦免費音樂會，歡迎報名！',
  '本週六晚上在廣州舉辦免費音樂會，歡迎報名！',
  '本週六晚上在廣州舉辦免費音樂會，歡迎報名！',
)

const ALL = [...PLACES, ...EVENT_WORDS, ...CHARACTER_FORMS, SENTENCE]
const VARIANTS: TraditionalVariant[] = ['hk', 'tw', 'twp', 't']

describe.each(VARIANTS)('%s', (variant) => {
  test.each([
    ['places', PLACES],
    ['event words', EVENT_WORDS],
    ['character forms', CHARACTER_FORMS],
    ['a sentence', [SENTENCE]],
  ])('writes %s in its forms', (_, rows) => {
    expect(rows.map((words) => toTraditional(words.simplified, variant))).toEqual(
      rows.map((words) => words[variant]),
    )
  })

  test('reads its own text back into Simplified', () => {
    expect(ALL.map((words) => toSimplified(words[variant], variant))).toEqual(
      ALL.map((words) => words.simplified),
    )
  })

  test('changes text without Chinese characters in nothing', () => {
    for (const text of [
      '',
      'Jazz Night 2027',
      'https://example.com/events?id=1&lang=zh',
      '🎷🎺 1 + 1 = 2',
    ]) {
      expect(toTraditional(text, variant)).toBe(text)
      expect(toSimplified(text, variant)).toBe(text)
    }
  })

  test('changes only the Chinese of mixed text', () => {
    const mixed = (word: string) =>
      `Jazz Night 爵士之夜 2027 @ https://example.com/events?id=1 🎷 ${word}`
    expect(toTraditional(mixed('软件'), variant)).toBe(mixed(variant === 'twp' ? '軟體' : '軟件'))
  })
})

describe('phrase conversion', () => {
  test('tw changes characters only, twp also takes Taiwan words', () => {
    expect(toTraditional('请用鼠标点击链接观看视频', 'tw')).toBe('請用鼠標點擊鏈接觀看視頻')
    expect(toTraditional('请用鼠标点击链接观看视频', 'twp')).toBe('請用滑鼠點選連結觀看影片')
  })

  test('twp takes some words out of their sense, so it is no default', () => {
    expect(toTraditional('新闻发布会', 'twp')).toBe('新聞釋出會')
    expect(toTraditional('请携带身份证明文件', 'twp')).toBe('請攜帶身份證明檔案')
  })

  test('reads Taiwan words back as mainland ones from twp only', () => {
    expect(toSimplified('軟體 資訊 影片 滑鼠', 'tw')).toBe('软体 资讯 影片 滑鼠')
    expect(toSimplified('軟體 資訊 影片 滑鼠', 'twp')).toBe('软件 信息 视频 鼠标')
  })

  test('is not undone by the way back', () => {
    expect(toTraditional('讲座将在线上直播', 'twp')).toBe('講座將在線上直播')
    expect(toSimplified('講座將在線上直播', 'twp')).toBe('讲座将在在线直播')
  })
})

describe('Traditional text not made by conversion', () => {
  test('reads in Simplified from each variant', () => {
    expect(toSimplified('臺北市立美術館的工作坊', 'tw')).toBe('台北市立美术馆的工作坊')
    expect(toSimplified('裏面 麪條 着急 台灣', 'hk')).toBe('里面 面条 着急 台湾')
    expect(toSimplified('爲了 祕密 衆人 裏面', 't')).toBe('为了 秘密 众人 里面')
  })
})
