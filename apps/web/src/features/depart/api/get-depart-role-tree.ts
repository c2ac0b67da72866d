import { departRoutes } from '@ics/contract';
import { useFreshQuery } from '../../../shared/hooks/use-fresh-query';
import { queryFetcher } from '../../../shared/lib/http';
import { departKeys } from './keys';

/** The permissions a department may hand on, as a tree. */
export const getDepartRoleTree = queryFetcher(departRoutes.queryTreeListForDeptRole, (departId: string) => ({
  departId,
}));

export const useDepartRoleTree = (departId: string, enabled: boolean) =>
  useFreshQuery(departKeys.roleTree(departId), () => getDepartRoleTree(departId), enabled);
