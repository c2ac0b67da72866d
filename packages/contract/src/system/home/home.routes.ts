import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';

/** Sign-in counters on the home page (successful logins, from the login log: for those who may read the log). */
export type LogInfo = { totalVisitCount: number; todayVisitCount: number; todayIp: number };

/** One day of sign-ins: `tian` is yyyy-MM-dd, `type` is MM-dd (GMT+8). */
export type VisitDay = { visit: number; ip: number; tian: string; type: string };

const tag = 'home';

export const homeRoutes = {
  loginfo: defineRoute<LogInfo>({
    method: 'GET',
    path: '/sys/loginfo',
    access: mark(marks.system.log.list),
    summary: 'Total and today’s sign-ins and today’s distinct addresses',
    tag,
  }),
  visitInfo: defineRoute<VisitDay[]>({
    method: 'GET',
    path: '/sys/visitInfo',
    access: mark(marks.system.log.list),
    summary: 'Sign-ins and distinct addresses per day over the last 7 days, oldest first',
    tag,
  }),
} as const;
