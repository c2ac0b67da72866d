import { sessionRoutes, type UserInfo } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { sessionKeys } from './keys';

/** `GET /sys/getLoginUser/{username}`: the signed-in user as the server has it now. */
export async function getLoginUser(username: string): Promise<UserInfo> {
  return unwrap(await call(sessionRoutes.getLoginUser, { params: { username } }));
}

/** The signed-in user, read afresh each time `enabled` turns on (an administrator may have changed it). */
export function useLoginUser(username: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: sessionKeys.loginUser(username),
    queryFn: () => getLoginUser(username ?? ''),
    enabled: enabled && Boolean(username),
    staleTime: 0,
  });
}
