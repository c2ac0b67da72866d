import { type LightingOverview, statsRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Figures of the home page tiles for the caller's projects. */
export async function lightingOverview(): Promise<LightingOverview> {
  return unwrap(
    await call(statsRoutes.overview, { query: {} }, { silentStatuses: [0, 403, 404, 500, 502, 503, 504] }),
  );
}
