import { permissionRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Permission ids a department may hand to its roles. */
export async function fetchDepartPermissions(departId: string): Promise<string[]> {
  return unwrap(await call(permissionRoutes.queryDepartPermission, { query: { departId } }));
}
