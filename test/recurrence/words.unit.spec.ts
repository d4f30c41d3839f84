import { ruleInWords } from '../../src/recurrence/words.js'

const longDate = (tag: string) => (day: string) =>
  new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  )
const words = (rule: string, tag: string) => ruleInWords(rule, tag, longDate(tag))

describe('a repeat rule in words, in each language', () => {
  test.each([
    [
      'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630',
      'Every week on Tuesday and Thursday, until 30 June 2027',
      '每周二和周四，直到2027年6月30日',
      '每週二和週四，直到2027年6月30日',
    ],
    ['FREQ=DAILY', 'Every day', '每天', '每天'],
    ['FREQ=DAILY;INTERVAL=3;COUNT=5', 'Every 3 days, 5 times', '每3天，共5次', '每3天，共5次'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', 'Every 2 weeks on Monday', '每2周的周一', '每2週的週一'],
    [
      'FREQ=MONTHLY;BYDAY=1FR',
      'Every month on the first Friday',
      '每月第一个星期五',
      '每月第一個星期五',
    ],
    [
      'FREQ=MONTHLY;BYDAY=-1FR',
      'Every month on the last Friday',
      '每月最后一个星期五',
      '每月最後一個星期五',
    ],
    ['FREQ=MONTHLY;BYMONTHDAY=22', 'Every month on the 22nd', '每月22日', '每月22日'],
    [
      'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=5;COUNT=1',
      'Every year on 5 March, once',
      '每年3月5日，共1次',
      '每年3月5日，共1次',
    ],
  ])('%s', (rule, en, hans, hant) => {
    expect([words(rule, 'en-GB'), words(rule, 'zh-Hans-CN'), words(rule, 'zh-Hant-TW')]).toEqual([
      en,
      hans,
      hant,
    ])
  })

  test('rules these words cannot say are left to the dates, and unreadable ones too', () => {
    expect(words('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', 'en')).toBeNull()
    expect(words('FREQ=WEEKLY;BYMONTH=1,2', 'en')).toBeNull()
    expect(words('not a rule', 'en')).toBeNull()
  })
})
