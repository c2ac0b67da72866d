/** Texts of the home page (namespace `home`). */
export const homeZhCN = {
  greeting: {
    morning: '早上好',
    forenoon: '上午好',
    noon: '中午好',
    afternoon: '下午好',
    evening: '晚上好',
  },
  welcome: '{{greeting}}，{{name}}',
  intro: '欢迎使用{{title}}',
  today: '今天是 {{date}}',
  counters: {
    todayVisits: '今日访问',
    todayIp: '今日IP',
    total: '总访问量',
  },
  chart: {
    title: '最近一周访问量统计',
    visit: '访问次数',
    ip: 'IP数',
  },
};
