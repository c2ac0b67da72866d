import { homeRoutes, type LogInfo } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { homeKeys } from './keys';

/** `GET /sys/loginfo`: today's visits and addresses, and the total. */
export async function getLogInfo(): Promise<LogInfo> {
  return unwrap(await call(homeRoutes.loginfo));
}

/** Only for those who may read the login log (`enabled`). */
export function useLogInfo(enabled: boolean) {
  return useQuery({ queryKey: homeKeys.logInfo, queryFn: getLogInfo, enabled });
}
