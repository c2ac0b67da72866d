import { roleRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';

/** Grants a role some data rules of a menu (its dialog closes after, so nothing cached goes stale). */
export function saveRoleDataRules(roleId: string, permissionId: string, dataRuleIds: string[]) {
  return call(roleRoutes.saveDataRule, {
    body: { roleId, permissionId, dataRuleIds: dataRuleIds.join(',') },
  });
}
