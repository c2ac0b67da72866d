import { permissionRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';

export const MENU_TREE_KEY = ['sys', 'menus'] as const;

/** The whole menu/permission tree with every column (the menu page). */
export function useMenuTree() {
  return useQuery({
    queryKey: MENU_TREE_KEY,
    queryFn: async () => unwrap(await call(permissionRoutes.list)),
  });
}
