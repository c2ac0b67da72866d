import { roleRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { roleKeys } from './keys';

/** A menu's data rules and those the role is granted. */
export async function getRoleDataRules(roleId: string, permissionId: string) {
  return unwrap(await call(roleRoutes.queryDataRule, { query: { roleId, permissionId } }));
}

/** The data rules of `permissionId` for a role, loaded afresh each time its dialog opens. */
export function useRoleDataRules(roleId: string, permissionId: string | undefined) {
  return useQuery({
    queryKey: roleKeys.dataRules(roleId, permissionId),
    enabled: Boolean(permissionId),
    staleTime: 0,
    gcTime: 0,
    queryFn: () => getRoleDataRules(roleId, permissionId ?? ''),
  });
}
