import { roleRoutes } from '@ics/contract';
import { useFreshQuery } from '../../../shared/hooks/use-fresh-query';
import { call, unwrap } from '../../../shared/lib/http';
import { roleKeys } from './keys';

/** A menu's data rules and those the role is granted. */
export async function getRoleDataRules(roleId: string, permissionId: string) {
  return unwrap(await call(roleRoutes.queryDataRule, { query: { roleId, permissionId } }));
}

/** The data rules of `permissionId` for a role, loaded afresh each time its dialog opens. */
export const useRoleDataRules = (roleId: string, permissionId: string | undefined) =>
  useFreshQuery(
    roleKeys.dataRules(roleId, permissionId),
    () => getRoleDataRules(roleId, permissionId ?? ''),
    Boolean(permissionId),
    true,
  );
