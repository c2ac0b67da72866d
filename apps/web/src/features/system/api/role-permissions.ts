import { roleRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Permission ids granted to a role. */
export async function fetchRolePermissions(roleId: string): Promise<string[]> {
  return unwrap(await call(roleRoutes.queryRolePermission, { query: { roleId } }));
}
