import { type RouteBody, roleRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';
import { useListMutation } from '../../../shared/ui/list-page';

export function addRole(body: RouteBody<typeof roleRoutes.add>) {
  return call(roleRoutes.add, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editRole(body: RouteBody<typeof roleRoutes.edit>) {
  return call(roleRoutes.edit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

/** Adds a role; the role list loads again. */
export const useAddRole = () => useListMutation(addRole, roleRoutes.list);

/** Edits a role; the role list loads again. */
export const useEditRole = () => useListMutation(editRole, roleRoutes.list);
