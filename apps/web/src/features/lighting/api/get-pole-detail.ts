import { areaRoutes, type PoleDetailDto } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** A pole with its area, road, gateways and every device mounted on it. */
export async function getPoleDetail(id: string): Promise<PoleDetailDto> {
  return unwrap(await call(areaRoutes.poleDetail, { query: { id } }));
}
