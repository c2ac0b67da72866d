import { permissionRoutes, type RouteBody } from '@ics/contract';
import { useInvalidatingMutation } from '../../../shared/hooks/use-invalidating-mutation';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';
import { permissionKeys } from './keys';

type AddBody = RouteBody<typeof permissionRoutes.addPermissionRule>;
type EditBody = RouteBody<typeof permissionRoutes.editPermissionRule>;

export function addDataRule(body: AddBody) {
  return call(permissionRoutes.addPermissionRule, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editDataRule(body: EditBody) {
  return call(permissionRoutes.editPermissionRule, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

/** Adds a data rule to a menu; the menu's rules load again. */
export const useAddDataRule = () =>
  useInvalidatingMutation(addDataRule, (body: AddBody) => [permissionKeys.dataRules(body.permissionId)]);

/** Edits a data rule; its menu's rules load again. */
export const useEditDataRule = () =>
  useInvalidatingMutation(editDataRule, (body: EditBody) => [permissionKeys.dataRules(body.permissionId)]);
