import { permissionRoutes } from '@ics/contract';
import { useFreshQuery } from '../../../shared/hooks/use-fresh-query';
import { queryFetcher } from '../../../shared/lib/http';
import { departKeys } from './keys';

/** Permission ids a department may hand to its roles. */
export const getDepartPermissions = queryFetcher(
  permissionRoutes.queryDepartPermission,
  (departId: string) => ({ departId }),
);

export const useDepartPermissions = (departId: string | null, enabled: boolean) =>
  useFreshQuery(
    departKeys.permissions(departId),
    () => getDepartPermissions(departId ?? ''),
    Boolean(departId) && enabled,
  );
