import { permissionRoutes, type RouteBody } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';

export function addDataRule(body: RouteBody<typeof permissionRoutes.addPermissionRule>) {
  return call(permissionRoutes.addPermissionRule, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editDataRule(body: RouteBody<typeof permissionRoutes.editPermissionRule>) {
  return call(permissionRoutes.editPermissionRule, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}
