import { departRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';

/**
 * Saves a department role's grants (with those it had, so the server logs the difference); its
 * drawer closes after, so nothing cached goes stale.
 */
export function saveDepartRolePermissions(roleId: string, permissionIds: string[], last: string[]) {
  return call(departRoutes.saveDeptRolePermission, {
    body: { roleId, permissionIds: permissionIds.join(','), lastpermissionIds: last.join(',') },
  });
}
