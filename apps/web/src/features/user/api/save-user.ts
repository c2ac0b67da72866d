import { type RouteBody, userRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';
import { useListMutation } from '../../../shared/ui/list-page';

export type UserAddBody = RouteBody<typeof userRoutes.add>;
export type UserEditBody = RouteBody<typeof userRoutes.edit>;

export function addUser(body: UserAddBody) {
  return call(userRoutes.add, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editUser(body: UserEditBody) {
  return call(userRoutes.edit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

/** Adds a user; the user list loads again. */
export const useAddUser = () => useListMutation(addUser, userRoutes.list);

/** Edits a user; the user list loads again. */
export const useEditUser = () => useListMutation(editUser, userRoutes.list);
