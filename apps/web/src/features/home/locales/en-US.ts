import type { homeZhCN } from './zh-CN';

export const homeEnUS: typeof homeZhCN = {
  greeting: {
    morning: 'Good morning',
    forenoon: 'Good morning',
    noon: 'Good noon',
    afternoon: 'Good afternoon',
    evening: 'Good evening',
  },
  welcome: '{{greeting}}, {{name}}',
  intro: 'Welcome to {{title}}',
  today: 'Today is {{date}}',
  counters: {
    todayVisits: 'Visits today',
    todayIp: 'Addresses today',
    total: 'Total visits',
  },
  chart: {
    title: 'Visits over the last 7 days',
    visit: 'Visits',
    ip: 'Addresses',
  },
};
