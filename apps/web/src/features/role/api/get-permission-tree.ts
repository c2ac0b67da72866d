import { roleRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { roleKeys } from './keys';

/** The whole permission tree for authorising roles and departments. */
export async function getPermissionTree() {
  return unwrap(await call(roleRoutes.queryTreeList));
}

export function usePermissionTree(enabled = true) {
  return useQuery({ queryKey: roleKeys.permissionTree, enabled, staleTime: 0, queryFn: getPermissionTree });
}
