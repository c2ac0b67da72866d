import { type RouteBody, roleRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';

export function addRole(body: RouteBody<typeof roleRoutes.add>) {
  return call(roleRoutes.add, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editRole(body: RouteBody<typeof roleRoutes.edit>) {
  return call(roleRoutes.edit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}
