/** Messages the plugin adds to the admin, in its three UI languages; read with `req.t('calendar:<key>')`. */
export const calendarTranslations = {
  en: {
    calendar: {
      endBeforeStart: 'The end must not be before the start.',
      invalidTimezone: 'Unknown time zone: use an IANA name such as Asia/Hong_Kong, or UTC+8.',
      invalidUrl: 'Enter a full web address starting with http:// or https://.',
    },
  },
  zh: {
    calendar: {
      endBeforeStart: '结束时间不能早于开始时间。',
      invalidTimezone: '无法识别的时区：请使用 IANA 名称（例如 Asia/Shanghai）或 UTC+8。',
      invalidUrl: '请输入以 http:// 或 https:// 开头的完整网址。',
    },
  },
  'zh-TW': {
    calendar: {
      endBeforeStart: '結束時間不能早於開始時間。',
      invalidTimezone: '無法辨識的時區：請使用 IANA 名稱（例如 Asia/Taipei）或 UTC+8。',
      invalidUrl: '請輸入以 http:// 或 https:// 開頭的完整網址。',
    },
  },
}
