import { type EnvHistory, envRoutes, type RouteQuery } from '@ics/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { envKeys } from './keys';

export type HistoryQuery = RouteQuery<typeof envRoutes.history>;

export async function getHistory(query: HistoryQuery): Promise<EnvHistory> {
  return unwrap(await call(envRoutes.history, { query }));
}

/** One metric of the chosen sensors over a range; nothing is asked before a sensor is chosen. */
export function useHistory(query: HistoryQuery | null) {
  return useQuery({
    queryKey: envKeys.history((query ?? {}) as Record<string, string>),
    queryFn: () => getHistory(query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
