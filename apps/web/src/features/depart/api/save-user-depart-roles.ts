import { departRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';

/** Sets the department roles a user holds in one department (its dialog closes after). */
export function saveUserDepartRoles(userId: string, departId: string, roleIds: string[]) {
  return call(departRoutes.roleUserSave, { body: { userId, departId, roleIds: roleIds.join(',') } });
}
