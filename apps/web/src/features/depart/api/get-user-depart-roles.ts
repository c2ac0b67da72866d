import { departRoutes } from '@ics/contract';
import { useFreshQuery } from '../../../shared/hooks/use-fresh-query';
import { call, unwrap } from '../../../shared/lib/http';
import { departKeys } from './keys';

/** The department roles a user holds in one department. */
export async function getUserDepartRoles(userId: string, departId: string): Promise<string[]> {
  return unwrap(await call(departRoutes.roleUserQuery, { query: { userId, departId } }));
}

/** A user's roles in a department, loaded afresh each time the assignment dialog opens. */
export const useUserDepartRoles = (userId: string | undefined, departId: string) =>
  useFreshQuery(
    departKeys.userRoles(userId, departId),
    () => getUserDepartRoles(userId ?? '', departId),
    Boolean(userId),
    true,
  );
