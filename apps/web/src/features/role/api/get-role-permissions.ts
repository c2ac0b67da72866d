import { roleRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { roleKeys } from './keys';

/** Permission ids granted to a role. */
export async function getRolePermissions(roleId: string): Promise<string[]> {
  return unwrap(await call(roleRoutes.queryRolePermission, { query: { roleId } }));
}

/** A role's grants, loaded afresh each time its drawer opens. */
export function useRolePermissions(roleId: string | undefined) {
  return useQuery({
    queryKey: roleKeys.permissions(roleId),
    enabled: Boolean(roleId),
    staleTime: 0,
    gcTime: 0,
    queryFn: () => getRolePermissions(roleId ?? ''),
  });
}
