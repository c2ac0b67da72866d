import { departRoutes } from '@ics/contract';
import { useFreshQuery } from '../../../shared/hooks/use-fresh-query';
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
export const useDepartRoles = (departId: string, enabled: boolean) =>
  useFreshQuery(departKeys.roles(departId), () => getDepartRoles(departId), enabled);
