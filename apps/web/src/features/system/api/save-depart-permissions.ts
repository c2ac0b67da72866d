import { permissionRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';

export function saveDepartPermissions(
  departId: string,
  permissionIds: string[],
  lastpermissionIds: string[],
) {
  return call(permissionRoutes.saveDepartPermission, {
    body: {
      departId,
      permissionIds: permissionIds.join(','),
      lastpermissionIds: lastpermissionIds.join(','),
    },
  });
}
