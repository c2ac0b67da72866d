import { departRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { departKeys } from './keys';

/** The department tree. */
export async function getDepartTree() {
  return unwrap(await call(departRoutes.queryTreeList));
}

/** The department tree (pickers and the department page). */
export function useDepartTree(enabled = true) {
  return useQuery({ queryKey: departKeys.tree, enabled, queryFn: getDepartTree });
}
