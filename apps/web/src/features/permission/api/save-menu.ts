import { permissionRoutes, type RouteBody } from '@ics/contract';
import { formSaveHooks } from '../../../shared/ui/form';
import { permissionKeys } from './keys';

export type MenuBody = RouteBody<typeof permissionRoutes.add>;

/** Adding or editing a menu or button reloads the menu tree. */
export const { useAdd: useAddMenu, useEdit: useEditMenu } = formSaveHooks(permissionRoutes, () => [
  permissionKeys.menus,
]);
