import type { dashboardZhCN } from './zh-CN';

export const dashboardEnUS: typeof dashboardZhCN = {
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
};
