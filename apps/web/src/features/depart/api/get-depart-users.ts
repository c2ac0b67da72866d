import { userRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { departKeys } from './keys';

/** The users of a department. */
export async function getDepartUsers(departId: string) {
  return unwrap(await call(userRoutes.queryUserByDepId, { query: { id: departId } }));
}

export function useDepartUsers(departId: string) {
  return useQuery({ queryKey: departKeys.users(departId), queryFn: () => getDepartUsers(departId) });
}
