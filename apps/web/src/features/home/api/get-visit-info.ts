import { homeRoutes, type VisitDay } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { homeKeys } from './keys';

/** `GET /sys/visitInfo`: sign-ins per day over the last 7 days, oldest first. */
export async function getVisitInfo(): Promise<VisitDay[]> {
  return unwrap(await call(homeRoutes.visitInfo));
}

/** Only for those who may read the login log (`enabled`). */
export function useVisitInfo(enabled: boolean) {
  return useQuery({ queryKey: homeKeys.visitInfo, queryFn: getVisitInfo, enabled });
}
