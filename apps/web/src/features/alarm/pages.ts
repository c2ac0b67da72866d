/** Lazy entry points of the alarm module's pages (one chunk each). */
export const alarmListPage = () => import('./components/alarm-list-page');
export const ruleListPage = () => import('./components/rule-list-page');
export const workOrderListPage = () => import('./components/workorder-list-page');
