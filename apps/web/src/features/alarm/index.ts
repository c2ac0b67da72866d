export { useAlarmCounts } from './api/alarms';
export { AlarmBell } from './components/alarm-bell';
export { toAlarmPush } from './utils/alarm-push';
