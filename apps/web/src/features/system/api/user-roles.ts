import { userRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Role ids of a user (for the edit form). */
export async function fetchUserRoles(userid: string): Promise<string[]> {
  return unwrap(await call(userRoutes.queryUserRole, { query: { userid } }));
}
