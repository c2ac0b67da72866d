import { permissionRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { departKeys } from './keys';

/** Permission ids a department may hand to its roles. */
export async function getDepartPermissions(departId: string): Promise<string[]> {
  return unwrap(await call(permissionRoutes.queryDepartPermission, { query: { departId } }));
}

export function useDepartPermissions(departId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: departKeys.permissions(departId),
    enabled: Boolean(departId) && enabled,
    staleTime: 0,
    queryFn: () => getDepartPermissions(departId ?? ''),
  });
}
