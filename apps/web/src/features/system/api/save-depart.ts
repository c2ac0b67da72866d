import { departRoutes, type RouteBody } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';

export function addDepart(body: RouteBody<typeof departRoutes.add>) {
  return call(departRoutes.add, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editDepart(body: RouteBody<typeof departRoutes.edit>) {
  return call(departRoutes.edit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}
