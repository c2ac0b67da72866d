import { departRoutes, type RouteBody } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';
import { useListMutation } from '../../../shared/ui/list-page';

export function addDepartRole(body: RouteBody<typeof departRoutes.roleAdd>) {
  return call(departRoutes.roleAdd, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editDepartRole(body: RouteBody<typeof departRoutes.roleEdit>) {
  return call(departRoutes.roleEdit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

/** Adds a department role; the department's role list loads again. */
export const useAddDepartRole = () => useListMutation(addDepartRole, departRoutes.roleList);

/** Edits a department role; the department's role list loads again. */
export const useEditDepartRole = () => useListMutation(editDepartRole, departRoutes.roleList);
