import { userRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Role ids of a user (read when the edit form opens). */
export async function getUserRoles(userid: string): Promise<string[]> {
  return unwrap(await call(userRoutes.queryUserRole, { query: { userid } }));
}
