import { permissionRoutes, type RouteBody } from '@ics/contract';
import { useInvalidatingMutation } from '../../../shared/hooks/use-invalidating-mutation';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';
import { permissionKeys } from './keys';

export type MenuBody = RouteBody<typeof permissionRoutes.add>;

export function addMenu(body: MenuBody) {
  return call(permissionRoutes.add, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editMenu(body: RouteBody<typeof permissionRoutes.edit>) {
  return call(permissionRoutes.edit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

const menuTree = () => [permissionKeys.menus];

/** Adds a menu or button; the menu tree loads again. */
export const useAddMenu = () => useInvalidatingMutation(addMenu, menuTree);

/** Edits a menu or button; the menu tree loads again. */
export const useEditMenu = () => useInvalidatingMutation(editMenu, menuTree);
