import { type LightingOverview, statsRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { lightingKeys } from './keys';

/** Figures of the home page tiles for the caller's projects. */
export async function getOverview(): Promise<LightingOverview> {
  return unwrap(
    await call(statsRoutes.overview, { query: {} }, { silentStatuses: [0, 403, 404, 500, 502, 503, 504] }),
  );
}

/** The overview figures, fetched once for all lighting tiles of the home page, every minute. */
export function useOverview() {
  return useQuery({ queryKey: lightingKeys.overview, queryFn: getOverview, refetchInterval: 60_000 });
}
