import { roleRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';

export function saveRolePermissions(roleId: string, permissionIds: string[], lastpermissionIds: string[]) {
  return call(roleRoutes.saveRolePermission, {
    body: { roleId, permissionIds: permissionIds.join(','), lastpermissionIds: lastpermissionIds.join(',') },
  });
}
