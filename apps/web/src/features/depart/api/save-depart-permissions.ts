import { permissionRoutes } from '@ics/contract';
import { useInvalidatingMutation } from '../../../shared/hooks/use-invalidating-mutation';
import { call } from '../../../shared/lib/http';
import { departKeys } from './keys';

type Grant = { departId: string; permissionIds: string[]; lastpermissionIds: string[] };

/** Saves what a department may hand on (with what it had, so the server logs the difference). */
export function saveDepartPermissions({ departId, permissionIds, lastpermissionIds }: Grant) {
  return call(permissionRoutes.saveDepartPermission, {
    body: {
      departId,
      permissionIds: permissionIds.join(','),
      lastpermissionIds: lastpermissionIds.join(','),
    },
  });
}

/** Saves a department's permissions; they load again. */
export const useSaveDepartPermissions = () =>
  useInvalidatingMutation(saveDepartPermissions, (grant: Grant) => [departKeys.permissions(grant.departId)]);
