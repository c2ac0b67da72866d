import { dictRoutes, type RouteBody } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';

export function addDict(body: RouteBody<typeof dictRoutes.add>) {
  return call(dictRoutes.add, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editDict(body: RouteBody<typeof dictRoutes.edit>) {
  return call(dictRoutes.edit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}
