import { permissionRoutes } from '@ics/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { permissionKeys } from './keys';

/** The whole menu/permission tree with every column. */
export async function getMenuTree() {
  return unwrap(await call(permissionRoutes.list));
}

/** The menu tree of the menu page. */
export function useMenuTree() {
  return useQuery({ queryKey: permissionKeys.menus, queryFn: getMenuTree });
}

/** Loads the menu tree again (after a menu was deleted through the list's delete button). */
export function useRefreshMenuTree() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: permissionKeys.menus });
}
