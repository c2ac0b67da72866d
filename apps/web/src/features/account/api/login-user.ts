import { sessionRoutes, type UserInfo } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** `GET /sys/getLoginUser/{username}`: the signed-in user as the server has it now. */
export async function fetchLoginUser(username: string): Promise<UserInfo> {
  return unwrap(await call(sessionRoutes.getLoginUser, { params: { username } }));
}
