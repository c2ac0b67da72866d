import { departRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { departKeys } from './keys';

/** The permissions a department may hand on, as a tree. */
export async function getDepartRoleTree(departId: string) {
  return unwrap(await call(departRoutes.queryTreeListForDeptRole, { query: { departId } }));
}

export function useDepartRoleTree(departId: string, enabled: boolean) {
  return useQuery({
    queryKey: departKeys.roleTree(departId),
    enabled,
    staleTime: 0,
    queryFn: () => getDepartRoleTree(departId),
  });
}
