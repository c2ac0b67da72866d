import { sessionRoutes, type UserInfo } from '@ics/contract';
import { useSession } from '../../../shared/lib/auth/session-store';
import { call, unwrap } from '../../../shared/lib/http';
import { StorageKeys, storage } from '../../../shared/lib/storage/storage';

/**
 * `POST /sys/selectDepart`; the answer's user info replaces the session's (kept 7 days,
 * spec §3).
 */
export async function selectDepart(username: string, orgCode: string): Promise<UserInfo> {
  const { userInfo } = unwrap(await call(sessionRoutes.selectDepart, { body: { username, orgCode } }));
  storage.set(StorageKeys.userInfo, userInfo);
  useSession.setState({ userInfo });
  return userInfo;
}
