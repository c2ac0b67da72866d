import { roleRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** A menu's data rules and those the role is granted. */
export async function fetchRoleDataRules(roleId: string, permissionId: string) {
  return unwrap(await call(roleRoutes.queryDataRule, { query: { roleId, permissionId } }));
}

export function saveRoleDataRules(roleId: string, permissionId: string, dataRuleIds: string[]) {
  return call(roleRoutes.saveDataRule, {
    body: { roleId, permissionId, dataRuleIds: dataRuleIds.join(',') },
  });
}
