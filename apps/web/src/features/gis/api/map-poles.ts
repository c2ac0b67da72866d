import { areaRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';
import { fromMapRow, type MapPole } from '../utils/pole-state';

export type MapData = { poles: MapPole[] };

/**
 * Every pole of the caller's projects with its state and the kinds mounted on it, in one
 * request (`GET /lighting/pole/map`: compact `[id, code, lng, lat, state, kindsMask]` rows,
 * the state aggregated by the server).
 */
export async function loadMapData(projectId?: string): Promise<MapData> {
  const rows = unwrap(await call(areaRoutes.poleMap, { query: projectId ? { projectId } : {} }));
  return { poles: rows.map(fromMapRow) };
}
