import { type RouteBody, userRoutes } from '@ics/contract';
import { formSaveHooks } from '../../../shared/ui/form';

export type UserAddBody = RouteBody<typeof userRoutes.add>;

/** Adding or editing a user reloads the user list. */
export const { useAdd: useAddUser, useEdit: useEditUser } = formSaveHooks(userRoutes, userRoutes.list);
