import { departRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';

export const DEPART_TREE_KEY = ['sys', 'departs', 'tree'] as const;

/** The department tree (pickers and the department page). */
export function useDepartTree(enabled = true) {
  return useQuery({
    queryKey: DEPART_TREE_KEY,
    enabled,
    queryFn: async () => unwrap(await call(departRoutes.queryTreeList)),
  });
}
