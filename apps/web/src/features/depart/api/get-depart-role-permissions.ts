import { departRoutes } from '@ics/contract';
import { useFreshQuery } from '../../../shared/hooks/use-fresh-query';
import { queryFetcher } from '../../../shared/lib/http';
import { departKeys } from './keys';

/** Permission ids granted to a department role. */
export const getDepartRolePermissions = queryFetcher(
  departRoutes.queryDeptRolePermission,
  (roleId: string) => ({ roleId }),
);

/** A department role's grants, loaded afresh each time its drawer opens. */
export const useDepartRolePermissions = (roleId: string | undefined) =>
  useFreshQuery(
    departKeys.rolePermissions(roleId),
    () => getDepartRolePermissions(roleId ?? ''),
    Boolean(roleId),
    true,
  );
