import { roleRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';

/** The whole permission tree for authorising roles and departments. */
export function usePermissionTree(enabled = true) {
  return useQuery({
    queryKey: ['sys', 'permission-tree'],
    enabled,
    staleTime: 0,
    queryFn: async () => unwrap(await call(roleRoutes.queryTreeList)),
  });
}
