import { roleRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';

/** Every role, for pickers. */
export function useAllRoles() {
  return useQuery({
    queryKey: ['sys', 'roles', 'all'],
    queryFn: async () => unwrap(await call(roleRoutes.queryall)),
  });
}
