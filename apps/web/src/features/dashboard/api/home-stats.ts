import { homeRoutes, type LogInfo, type VisitDay } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

export const LOGINFO_KEY = ['dashboard', 'loginfo'] as const;
export const VISITINFO_KEY = ['dashboard', 'visitInfo'] as const;

/** `GET /sys/loginfo`: today's visits and addresses, and the total. */
export async function fetchLogInfo(): Promise<LogInfo> {
  return unwrap(await call(homeRoutes.loginfo));
}

/** `GET /sys/visitInfo`: sign-ins per day over the last 7 days, oldest first. */
export async function fetchVisitInfo(): Promise<VisitDay[]> {
  return unwrap(await call(homeRoutes.visitInfo));
}
