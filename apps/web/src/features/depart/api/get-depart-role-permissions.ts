import { departRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { departKeys } from './keys';

/** Permission ids granted to a department role. */
export async function getDepartRolePermissions(roleId: string): Promise<string[]> {
  return unwrap(await call(departRoutes.queryDeptRolePermission, { query: { roleId } }));
}

/** A department role's grants, loaded afresh each time its drawer opens. */
export function useDepartRolePermissions(roleId: string | undefined) {
  return useQuery({
    queryKey: departKeys.rolePermissions(roleId),
    enabled: Boolean(roleId),
    staleTime: 0,
    gcTime: 0,
    queryFn: () => getDepartRolePermissions(roleId ?? ''),
  });
}
