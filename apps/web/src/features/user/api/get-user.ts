import { userRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { userKeys } from './keys';

/** One user. */
export async function getUser(id: string) {
  return unwrap(await call(userRoutes.queryById, { query: { id } }));
}

export function useUser(id: string | null) {
  return useQuery({ queryKey: userKeys.detail(id), enabled: Boolean(id), queryFn: () => getUser(id ?? '') });
}
