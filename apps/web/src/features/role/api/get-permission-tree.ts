import { roleRoutes } from '@ics/contract';
import { useFreshQuery } from '../../../shared/hooks/use-fresh-query';
import { call, unwrap } from '../../../shared/lib/http';
import { roleKeys } from './keys';

/** The whole permission tree for authorising roles and departments. */
export async function getPermissionTree() {
  return unwrap(await call(roleRoutes.queryTreeList));
}

export const usePermissionTree = (enabled = true) =>
  useFreshQuery(roleKeys.permissionTree, getPermissionTree, enabled);
