import { roleRoutes } from '@ics/contract';
import { useInvalidatingMutation } from '../../../shared/hooks/use-invalidating-mutation';
import { call } from '../../../shared/lib/http';
import { roleKeys } from './keys';

type Grant = { roleId: string; permissionIds: string[]; lastpermissionIds: string[] };

/** Saves a role's grants (with those it had, so the server logs the difference). */
export function saveRolePermissions({ roleId, permissionIds, lastpermissionIds }: Grant) {
  return call(roleRoutes.saveRolePermission, {
    body: { roleId, permissionIds: permissionIds.join(','), lastpermissionIds: lastpermissionIds.join(',') },
  });
}

/** Saves a role's grants; they load again. */
export const useSaveRolePermissions = () =>
  useInvalidatingMutation(saveRolePermissions, (grant: Grant) => [roleKeys.permissions(grant.roleId)]);
