import { roleRoutes } from '@ics/contract';
import { useFreshQuery } from '../../../shared/hooks/use-fresh-query';
import { queryFetcher } from '../../../shared/lib/http';
import { roleKeys } from './keys';

/** Permission ids granted to a role. */
export const getRolePermissions = queryFetcher(roleRoutes.queryRolePermission, (roleId: string) => ({
  roleId,
}));

/** A role's grants, loaded afresh each time its drawer opens. */
export const useRolePermissions = (roleId: string | undefined) =>
  useFreshQuery(roleKeys.permissions(roleId), () => getRolePermissions(roleId ?? ''), Boolean(roleId), true);
