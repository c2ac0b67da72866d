import { departRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { departKeys } from './keys';

/** Every role of one department. */
export async function getDepartRoles(departId: string) {
  const page = unwrap(
    await call(departRoutes.roleList, {
      query: { deptId: departId, pageNo: 1, pageSize: 1000, column: 'roleName', order: 'asc' },
    }),
  );
  return page.records;
}

/** The department's roles to assign to its users, loaded afresh each time they are asked for. */
export function useDepartRoles(departId: string, enabled: boolean) {
  return useQuery({
    queryKey: departKeys.roles(departId),
    enabled,
    staleTime: 0,
    queryFn: () => getDepartRoles(departId),
  });
}
