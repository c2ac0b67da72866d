import { permissionRoutes, type RouteBody } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';

export type MenuBody = RouteBody<typeof permissionRoutes.add>;

export function addMenu(body: MenuBody) {
  return call(permissionRoutes.add, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editMenu(body: RouteBody<typeof permissionRoutes.edit>) {
  return call(permissionRoutes.edit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}
