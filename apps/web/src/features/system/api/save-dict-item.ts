import { dictRoutes, type RouteBody } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';

export function addDictItem(body: RouteBody<typeof dictRoutes.itemAdd>) {
  return call(dictRoutes.itemAdd, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editDictItem(body: RouteBody<typeof dictRoutes.itemEdit>) {
  return call(dictRoutes.itemEdit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}
