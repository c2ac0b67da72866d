import { departRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { departKeys } from './keys';

/** The department roles a user holds in one department. */
export async function getUserDepartRoles(userId: string, departId: string): Promise<string[]> {
  return unwrap(await call(departRoutes.roleUserQuery, { query: { userId, departId } }));
}

/** A user's roles in a department, loaded afresh each time the assignment dialog opens. */
export function useUserDepartRoles(userId: string | undefined, departId: string) {
  return useQuery({
    queryKey: departKeys.userRoles(userId, departId),
    enabled: Boolean(userId),
    staleTime: 0,
    gcTime: 0,
    queryFn: () => getUserDepartRoles(userId ?? '', departId),
  });
}
