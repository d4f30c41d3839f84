import { parseRule, type RecurrenceRule, RuleError, type Weekday, WEEKDAYS } from './rule.js'

/** 2024-01-01 was a Monday: the day of each weekday code, to word it with `Intl`. */
const WEEKDAY_DATES = Object.fromEntries(
  WEEKDAYS.map((code, index) => [code, new Date(Date.UTC(2024, 0, 1 + index))]),
) as Record<Weekday, Date>

type Words = {
  every: (unit: 'day' | 'month' | 'week' | 'year', interval: number) => string
  weekdays: (days: string) => string
  monthDay: (day: number) => string
  nthWeekday: (ordinal: number, weekday: string) => string
  yearDay: (month: number, day: number) => string
  until: (date: string) => string
  times: (count: number) => string
}

const ORDINALS_EN = ['', 'first', 'second', 'third', 'fourth', 'fifth']
const ORDINALS_ZH = ['', '一', '二', '三', '四', '五']

function english(tag: string): Words {
  const suffix = (day: number) =>
    day % 100 >= 11 && day % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][day % 10] ?? 'th')
  const monthName = (month: number) =>
    new Intl.DateTimeFormat(tag, { month: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, month - 1, 1)),
    )
  return {
    every: (unit, interval) => (interval === 1 ? `Every ${unit}` : `Every ${interval} ${unit}s`),
    weekdays: (days) => ` on ${days}`,
    monthDay: (day) => ` on the ${day === -1 ? 'last day' : `${day}${suffix(day)}`}`,
    nthWeekday: (ordinal, weekday) =>
      ` on the ${ordinal === -1 ? 'last' : (ORDINALS_EN[ordinal] ?? `${ordinal}th`)} ${weekday}`,
    yearDay: (month, day) => ` on ${day} ${monthName(month)}`,
    until: (date) => `, until ${date}`,
    times: (count) => (count === 1 ? ', once' : `, ${count} times`),
  }
}

function chinese(traditional: boolean): Words {
  const units = {
    day: '天',
    week: traditional ? '週' : '周',
    month: traditional ? '個月' : '个月',
    year: '年',
  }
  const one = { day: '每天', week: traditional ? '每週' : '每周', month: '每月', year: '每年' }
  const last = traditional ? '最後一個' : '最后一个'
  const nth = (ordinal: number) =>
    `第${ORDINALS_ZH[ordinal] ?? ordinal}${traditional ? '個' : '个'}`
  return {
    every: (unit, interval) => (interval === 1 ? one[unit] : `每${interval}${units[unit]}`),
    weekdays: (days) => days,
    monthDay: (day) => (day === -1 ? (traditional ? '最後一天' : '最后一天') : `${day}日`),
    nthWeekday: (ordinal, weekday) => `${ordinal === -1 ? last : nth(ordinal)}${weekday}`,
    yearDay: (month, day) => `${month}月${day}日`,
    until: (date) => `，直到${date}`,
    times: (count) => `，共${count}次`,
  }
}

const UNITS = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' } as const

/**
 * A recurrence rule in words, in the language of `tag` (an `Intl` language tag): "Every week on Tuesday and
 * Thursday, until 30 June 2027", "每週二和週四，直到2027年6月30日". `untilDate` words the rule's last day. Null for
 * a rule these words cannot say (several positions in a set, hours), which a page then shows by its dates alone.
 */
export function ruleInWords(
  text: string,
  tag: string,
  untilDate: (day: string) => string,
): string | null {
  let rule: RecurrenceRule
  try {
    rule = parseRule(text)
  } catch (error) {
    if (error instanceof RuleError) return null
    throw error
  }
  if (rule.bySetPos.length || rule.byMonth.length > 1 || rule.byMonthDay.length > 1) return null
  const isChinese = tag.toLowerCase().startsWith('zh')
  const words = isChinese ? chinese(/hant|tw|hk|mo/i.test(tag)) : english(tag)
  const weekday = (code: Weekday, style: 'long' | 'short') =>
    new Intl.DateTimeFormat(tag, { weekday: style, timeZone: 'UTC' }).format(WEEKDAY_DATES[code])
  const list = (items: string[]) =>
    new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' }).format(items)

  let phrase = words.every(UNITS[rule.freq], rule.interval)
  const ordinals = rule.byDay.filter((day) => day.ordinal !== undefined)
  if (rule.freq === 'WEEKLY' && rule.byDay.length && !ordinals.length) {
    // Chinese names the days right after 每 (每週二和週四), with their short names; English after "on".
    const names = rule.byDay.map((day) => weekday(day.weekday, isChinese ? 'short' : 'long'))
    phrase = isChinese
      ? `${rule.interval === 1 ? '每' : `${phrase}的`}${list(names)}`
      : `${phrase}${words.weekdays(list(names))}`
  } else if (rule.freq === 'MONTHLY' && ordinals.length === 1 && rule.byDay.length === 1) {
    const [day] = ordinals
    phrase += words.nthWeekday(day!.ordinal!, weekday(day!.weekday, 'long'))
  } else if (rule.freq === 'MONTHLY' && rule.byMonthDay.length === 1 && !rule.byDay.length) {
    phrase += words.monthDay(rule.byMonthDay[0]!)
  } else if (
    rule.freq === 'YEARLY' &&
    rule.byMonth.length === 1 &&
    rule.byMonthDay.length === 1 &&
    !rule.byDay.length
  ) {
    phrase += words.yearDay(rule.byMonth[0]!, rule.byMonthDay[0]!)
  } else if (rule.byDay.length || rule.byMonthDay.length || rule.byMonth.length) return null
  if (rule.until) phrase += words.until(untilDate(rule.until.slice(0, 10)))
  else if (rule.count) phrase += words.times(rule.count)
  return phrase
}
