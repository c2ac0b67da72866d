/** Texts of the dashboard (namespace `dashboard`). */
export const dashboardZhCN = {
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
};
