export { useAlarmCounts } from './api/alarms';
export { toAlarmPush } from './utils/alarm-push';
