import { roleRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { roleKeys } from './keys';

/** Every role. */
export async function getAllRoles() {
  return unwrap(await call(roleRoutes.queryall));
}

/** Every role, for pickers. */
export function useAllRoles() {
  return useQuery({ queryKey: roleKeys.all, queryFn: getAllRoles });
}
