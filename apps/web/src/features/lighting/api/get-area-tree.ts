import { type AreaTreeNode, areaRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { lightingKeys } from './keys';

/** The caller's projects with their areas and roads. */
export async function getAreaTree(): Promise<AreaTreeNode[]> {
  return unwrap(await call(areaRoutes.tree, { query: {} }));
}

export function useAreaTree(enabled = true) {
  return useQuery({ queryKey: lightingKeys.areaTree, queryFn: getAreaTree, staleTime: 60_000, enabled });
}
